//! The map: the country's coasts and borders (its neighbours fainter), its rail lines, its main
//! stations with the names that fit, the trains by delay class, the selected train and its
//! journey, and a legend line that names every mark. Zoomed and panned by [`MapView`]
//! (`crate::tui::mapview`).
//!
//! The still part (coasts, borders, lines, stations) is drawn once per view into a braille
//! raster and reused every frame (`AppState::map_layer`); a frame then costs the trains (one
//! marker per cell, the worst delay in it showing) and the labels, however many trains there
//! are. Rail lines are the demo network's when the data is simulated, else those learnt from
//! the journeys fetched so far.

use super::pane_block;
use crate::screen::theme::{DelayClass, Theme};
use crate::tui::app::{AppState, Pane};
use crate::tui::braille::{Layer, Raster};
use crate::tui::mapview::{same, LayerKey, Placed};
use railtop_core::assets;
use railtop_core::country;
use railtop_feeds::source::demo::network::Network;
use railtop_i18n::tr;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::sync::OnceLock;

/// Degrees on screen: `([min_lng, max_lng], [min_lat, max_lat])`, and the raster's dots.
#[derive(Debug, Clone, Copy)]
struct Projection {
    x: [f64; 2],
    y: [f64; 2],
    dots: (f64, f64),
}

impl Projection {
    /// `(lng, lat)` in dots from the top left.
    fn dot(&self, lng: f64, lat: f64) -> (f64, f64) {
        (
            (lng - self.x[0]) / (self.x[1] - self.x[0]) * self.dots.0,
            (self.y[1] - lat) / (self.y[1] - self.y[0]) * self.dots.1,
        )
    }

    /// The cell `(lng, lat)` falls in, if it is in view.
    fn cell(&self, lng: f64, lat: f64) -> Option<(u16, u16)> {
        let (x, y) = self.dot(lng, lat);
        let (cx, cy) = (x / 2.0, y / 4.0);
        let (w, h) = (self.dots.0 / 2.0, self.dots.1 / 4.0);
        (cx >= 0.0 && cy >= 0.0 && cx < w && cy < h).then_some((cx as u16, cy as u16))
    }

    fn sees(&self, (min_lat, min_lng, max_lat, max_lng): (f32, f32, f32, f32)) -> bool {
        f64::from(max_lng) >= self.x[0]
            && f64::from(min_lng) <= self.x[1]
            && f64::from(max_lat) >= self.y[0]
            && f64::from(min_lat) <= self.y[1]
    }
}

/// The demo network, read once, for drawing its lines.
fn demo_network() -> Option<&'static Network> {
    static NETWORK: OnceLock<Option<Network>> = OnceLock::new();
    NETWORK.get_or_init(|| Network::embedded().ok()).as_ref()
}

pub fn map(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let Some((inner, x, y)) = state.map_viewport_in(area) else {
        return;
    };
    let projection = Projection {
        x,
        y,
        dots: (f64::from(inner.width) * 2.0, f64::from(inner.height) * 4.0),
    };

    let mut raster = still_layer(state, projection, inner);
    let journey = state.selected_journey();
    if let Some(j) = journey {
        let placed: Vec<(f64, f64)> = j
            .stops
            .iter()
            .filter_map(|s| Some(projection.dot(s.lng?, s.lat?)))
            .collect();
        for pair in placed.windows(2) {
            raster.line(pair[0], pair[1], Layer::Journey);
        }
    }
    let buf = frame.buffer_mut();
    raster.render(inner, buf, |layer| layer_style(layer, &theme));

    // Which cells hold something a label must not cover.
    let (w, h) = (usize::from(inner.width), usize::from(inner.height));
    let mut taken = vec![false; w * h];
    let at = |cx: u16, cy: u16| usize::from(cy) * w + usize::from(cx);

    // Trains: one marker per cell, the worst delay showing, from the answer's placed trains
    // (listed once per answer: a frame does not walk every record).
    let mut grid: Vec<Option<u8>> = vec![None; w * h];
    let placed = placed_trains(state);
    let with_gps = placed.len();
    for &(lng, lat, rank) in placed.iter() {
        let Some((cx, cy)) = projection.cell(f64::from(lng), f64::from(lat)) else {
            continue;
        };
        let slot = &mut grid[at(cx, cy)];
        if slot.is_none_or(|r| rank > r) {
            *slot = Some(rank);
        }
    }
    drop(placed);
    for (i, rank) in grid.iter().enumerate() {
        let Some(rank) = rank else { continue };
        let (cx, cy) = ((i % w) as u16, (i / w) as u16);
        let class = class_of(*rank);
        put(buf, inner, (cx, cy), glyph(class), theme.delay(class));
        taken[i] = true;
    }
    // The selected train's journey: its stops as dots, marked above the lines.
    if let Some(j) = journey {
        for s in &j.stops {
            let Some((cx, cy)) = s.lng.zip(s.lat).and_then(|(g, a)| projection.cell(g, a)) else {
                continue;
            };
            if !taken[at(cx, cy)] {
                put(
                    buf,
                    inner,
                    (cx, cy),
                    "∘",
                    layer_style(Layer::Journey, &theme),
                );
            }
        }
    }
    if let Some((lng, lat)) = state.trains.selected_position() {
        if let Some((cx, cy)) = projection.cell(lng, lat) {
            put(buf, inner, (cx, cy), "◆", theme.selected());
            taken[at(cx, cy)] = true;
        }
    }
    labels(state, projection, inner, buf, &mut taken, &theme);
    // The border and title last: they touch only the edge, and the title counts the trains.
    let lang = state.settings.lang;
    let mut title = vec![
        Span::styled(format!(" {} ", lang.t("map-title")), theme.title()),
        Span::raw(format!("· {} ", tr!(lang, "map-with-gps", n = with_gps))),
    ];
    if !state.map.view.is_fitted() {
        title.push(Span::raw(format!("· ×{:.1} ", state.map.view.zoom)));
    }
    if state.map.view.follow {
        title.push(Span::styled(
            format!("· {} ", lang.t("map-following")),
            theme.accent(),
        ));
    }
    let focused = state.focus == Pane::Map;
    frame.render_widget(pane_block(Line::from(title), focused, &theme), area);
    legend(state, with_gps, frame, area, &theme);
}

/// The trains with positions, by delay rank: listed once per answer (a cancelled train has no
/// position to show).
fn placed_trains(state: &AppState) -> std::cell::Ref<'_, Vec<Placed>> {
    let answer = state.trains.realtime.data.clone();
    let fresh = matches!(&*state.map.layer.placed.borrow(), Some((of, _)) if same(of, &answer));
    if !fresh {
        let list = state
            .trains
            .all()
            .iter()
            .filter_map(|t| {
                let rank = severity(DelayClass::of(t.delay, false));
                Some((t.lng? as f32, t.lat? as f32, rank))
            })
            .collect();
        *state.map.layer.placed.borrow_mut() = Some((answer, list));
    }
    std::cell::Ref::map(state.map.layer.placed.borrow(), |c| {
        c.as_ref().map_or(&EMPTY, |(_, list)| list)
    })
}

static EMPTY: Vec<Placed> = Vec::new();

/// The still layer for this view: from the cache when nothing it shows has changed.
fn still_layer(state: &AppState, p: Projection, inner: Rect) -> Raster {
    let span = (p.x[1] - p.x[0]).abs().max(1e-9);
    let q = |v: f64| (v / span * 1000.0).round() as i64;
    let lines = state.countries.selected.as_deref().map_or_else(
        || state.map.known_lines.values().map(Vec::len).sum(),
        |c| state.map.known_lines.get(c).map_or(0, Vec::len),
    );
    let key = LayerKey {
        size: (inner.width, inner.height),
        bounds: [q(p.x[0]), q(p.x[1]), q(p.y[0]), q(p.y[1])],
        country: state.countries.selected.clone(),
        lines,
        simulated: state.simulated(),
    };
    let mut cache = state.map.layer.still.borrow_mut();
    if let Some((k, raster)) = cache.as_ref() {
        if *k == key {
            return raster.clone();
        }
    }
    let raster = draw_still(state, p, inner);
    *cache = Some((key, raster.clone()));
    raster
}

fn draw_still(state: &AppState, p: Projection, inner: Rect) -> Raster {
    let mut r = Raster::new(inner.width, inner.height);
    let outlines = railtop_core::outline::outlines();
    let home = state
        .countries
        .selected
        .as_deref()
        .and_then(country::by_slug)
        .map(|c| c.iso);
    for arc in outlines.arcs.iter().filter(|a| p.sees(a.bounds)) {
        let layer = match home {
            Some(iso) if outlines.belongs(arc, iso) => Layer::Outline,
            Some(_) => Layer::Neighbour,
            // All countries: every country of the API is home.
            None if arc.countries.iter().any(|&c| c > 0) => Layer::Outline,
            None => Layer::Neighbour,
        };
        let mut last: Option<((f64, f64), f32)> = None;
        for &(lat, lng) in &arc.points {
            let here = p.dot(f64::from(lng), f64::from(lat));
            // A step across the antimeridian (Russia's east, Alaska's islands) is no line.
            if let Some((prev, _)) = last.filter(|(_, g)| (g - lng).abs() < 90.0) {
                r.line(prev, here, layer);
            }
            last = Some((here, lng));
        }
    }
    let shown = |slug: &str| {
        state
            .countries
            .selected
            .as_deref()
            .is_none_or(|c| c == slug)
    };
    if state.simulated() {
        for net in demo_network().into_iter().flat_map(|n| &n.countries) {
            if !shown(net.country.slug) {
                continue;
            }
            for line in &net.lines {
                let dots: Vec<(f64, f64)> = line
                    .stops
                    .iter()
                    .filter_map(|s| net.stations.get(s.station))
                    .map(|s| p.dot(s.lng, s.lat))
                    .collect();
                for pair in dots.windows(2) {
                    r.line(pair[0], pair[1], Layer::Rail);
                }
            }
        }
    }
    for (slug, segments) in &state.map.known_lines {
        if shown(slug) {
            for &(a, b) in segments {
                r.line(p.dot(a.0, a.1), p.dot(b.0, b.1), Layer::Rail);
            }
        }
    }
    if let Some(c) = state.countries.selected.as_deref() {
        for s in assets::stations(c) {
            let (x, y) = p.dot(s.lng, s.lat);
            r.dot(x, y, Layer::Station);
        }
    }
    r
}

/// A station's name on the map: whole words up to 18 columns ("New York Penn", "Seattle King"),
/// cut only when its first word alone is longer.
fn label(name: &str) -> String {
    const MAX: usize = 18;
    if name.chars().count() <= MAX {
        return name.to_string();
    }
    let mut out = String::new();
    for word in name.split(' ') {
        let wanted = out.chars().count() + usize::from(!out.is_empty()) + word.chars().count();
        if wanted > MAX {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        out = name.chars().take(MAX).collect();
    }
    out
}

/// How many of a country's main stations (the first of its list) are named even over trains:
/// a map that names Kokkola but not Helsinki, because Helsinki is busy, is no guide.
const MAIN_NAMED: usize = 6;

/// The main stations' names, in the list's order (the biggest first), each where it fits
/// without covering another name, the selected train or the edge: right of its dot, left of
/// it, or the row above or below. The first [`MAIN_NAMED`] may cover trains (the busiest
/// places are the ones that need a name); the rest only where nothing is. More fit as the map
/// zooms in.
fn labels(
    state: &AppState,
    p: Projection,
    inner: Rect,
    buf: &mut Buffer,
    taken: &mut [bool],
    theme: &Theme,
) {
    let Some(c) = state.countries.selected.as_deref() else {
        return;
    };
    let w = usize::from(inner.width);
    // What no name may cover: other names and the selected train.
    let mut named = vec![false; taken.len()];
    if let Some((cx, cy)) = state
        .trains
        .selected_position()
        .and_then(|(lng, lat)| p.cell(lng, lat))
    {
        named[usize::from(cy) * w + usize::from(cx)] = true;
    }
    for (i, s) in assets::stations(c).iter().enumerate() {
        let Some((cx, cy)) = p.cell(s.lng, s.lat) else {
            continue;
        };
        let name = label(&s.name);
        let len = name.chars().count() as u16;
        let main = i < MAIN_NAMED;
        // Right of the dot, left of it, then the rows above and below, starting at the dot.
        let right = (cx + 1 + len <= inner.width).then_some((cy, cx + 1));
        let left = (cx > len).then(|| (cy, cx - len - 1));
        let fits_row = cx + len <= inner.width;
        let above = (cy > 0 && fits_row).then(|| (cy - 1, cx));
        let below = (cy + 1 < inner.height && fits_row).then_some((cy + 1, cx));
        let spot = [right, left, above, below]
            .into_iter()
            .flatten()
            .find(|&(row, start)| {
                let row = usize::from(row) * w;
                // A cell of room on each side, so that names do not run together.
                let from = row + usize::from(start.saturating_sub(1));
                let to = row + (usize::from(start + len) + 1).min(w);
                let blocked = if main { &named } else { &*taken };
                !blocked[from..to].iter().any(|t| *t)
            });
        let Some((row, start)) = spot else {
            continue;
        };
        let line = usize::from(row) * w;
        let (from, to) = (line + usize::from(start), line + usize::from(start + len));
        for cells in [&mut *taken, &mut named] {
            cells[from..to].iter_mut().for_each(|t| *t = true);
        }
        taken[usize::from(cy) * w + usize::from(cx)] = true;
        buf.set_string(inner.x + start, inner.y + row, &name, theme.dim());
    }
}

/// The last line inside the map: every mark and what it means, as many as fit.
fn legend(state: &AppState, with_gps: usize, frame: &mut Frame, area: Rect, theme: &Theme) {
    if area.height < 4 {
        return;
    }
    let line = Rect::new(
        area.x + 1,
        area.bottom().saturating_sub(2),
        area.width.saturating_sub(2),
        1,
    );
    let no_gps = state.trains.all().len().saturating_sub(with_gps);
    let lang = state.settings.lang;
    // The trains' marks first, then the rest; in short words where the long ones do not fit.
    let classes = [
        (DelayClass::OnTime, lang.t("status-on-time"), "0′"),
        (DelayClass::Slight, "+1–4′", "+1′"),
        (DelayClass::Late, "+5′", "+5′"),
        (DelayClass::VeryLate, "+15′", "+15′"),
        (DelayClass::NoData, lang.t("status-no-data"), "n/a"),
    ];
    let mut items: Vec<(&str, Style, &str, &str)> = classes
        .iter()
        .map(|&(c, long, short)| (glyph(c), theme.delay(c), long, short))
        .collect();
    items.push((
        "◆",
        theme.selected(),
        lang.t("map-selected"),
        lang.t("map-selected-short"),
    ));
    if state.selected_journey().is_some() {
        items.push((
            "∘",
            layer_style(Layer::Journey, theme),
            lang.t("map-its-stops"),
            lang.t("map-stops-short"),
        ));
    }
    items.push((
        "⠂",
        layer_style(Layer::Station, theme),
        lang.t("map-station"),
        lang.t("map-station-short"),
    ));
    items.push((
        "⠒",
        layer_style(Layer::Rail, theme),
        lang.t("map-line"),
        lang.t("map-line-short"),
    ));
    let tail = tr!(lang, "map-no-gps", n = no_gps);
    let width = usize::from(line.width).saturating_sub(tail.chars().count());
    let need = |short: bool| {
        items
            .iter()
            .map(|(m, _, l, s)| m.chars().count() + 3 + if short { s } else { l }.chars().count())
            .sum::<usize>()
    };
    let short = need(false) > width;
    let mut spans = Vec::new();
    let mut room = width;
    for (mark, style, long, brief) in items {
        let words = if short { brief } else { long };
        let need = mark.chars().count() + words.chars().count() + 3;
        if need > room {
            break;
        }
        room -= need;
        spans.push(Span::styled(mark, style));
        spans.push(Span::raw(format!(" {words}  ")));
    }
    spans.push(Span::styled(tail, theme.dim()));
    frame.render_widget(Paragraph::new(Line::from(spans)), line);
}

fn put(buf: &mut Buffer, inner: Rect, (cx, cy): (u16, u16), symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut((inner.x + cx, inner.y + cy)) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// Each layer's colour; in monochrome the layers differ by weight alone.
fn layer_style(layer: Layer, theme: &Theme) -> Style {
    if theme.mono {
        return match layer {
            Layer::Outline | Layer::Journey => Style::default().add_modifier(Modifier::BOLD),
            _ => Style::default(),
        };
    }
    let light = theme.light;
    let color = match layer {
        Layer::Empty | Layer::Neighbour => Color::DarkGray,
        Layer::Outline if light => Color::Black,
        Layer::Outline => Color::Gray,
        Layer::Rail => Color::Blue,
        Layer::Station if light => Color::Black,
        Layer::Station => Color::White,
        Layer::Journey => Color::Cyan,
    };
    Style::default().fg(color)
}

/// A train's mark by its delay class: the shape tells the class without colour.
fn glyph(class: DelayClass) -> &'static str {
    match class {
        DelayClass::NoData => "○",
        DelayClass::Early | DelayClass::OnTime => "•",
        DelayClass::Slight => "▴",
        DelayClass::Late | DelayClass::VeryLate => "▲",
        DelayClass::Cancelled => "✕",
    }
}

const BY_SEVERITY: [DelayClass; 7] = DelayClass::ALL;

fn severity(class: DelayClass) -> u8 {
    BY_SEVERITY.iter().position(|c| *c == class).unwrap_or(0) as u8
}

fn class_of(rank: u8) -> DelayClass {
    BY_SEVERITY[usize::from(rank).min(BY_SEVERITY.len() - 1)]
}

#[cfg(test)]
mod tests;
