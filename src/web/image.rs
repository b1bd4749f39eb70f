//! The board as an image for e-paper and LED frames (`GET /board.png?…&size=800x480&colors=2`):
//! the same rows in words as every face of the kiosk (`kiosk::rows`), drawn in black on white
//! with the embedded font (DejaVu Sans Condensed Bold, `assets/fonts/`: bold reads best on
//! e-ink), its glyphs rasterised by `ab_glyph`, then reduced to 2, 4 or 16 levels of grey and
//! written as an indexed PNG (1, 2 or 4 bits a pixel). With 2 levels every pixel is black or
//! white: what a 1-bit e-ink panel shows. The page and language shown are the moment's, as on
//! the browser's board without JavaScript.

use super::query::Asked;
use crate::kiosk::rows::{self, Row};
use crate::kiosk::KioskState;
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};

/// The font, compiled in: a frame on a closed network needs no file.
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// A picture in shades of grey, 0 black to 255 white.
struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    fn new(width: u32, height: u32) -> Canvas {
        let size = usize::try_from(u64::from(width) * u64::from(height)).unwrap_or(0);
        Canvas {
            width,
            height,
            pixels: vec![255; size],
        }
    }

    /// Darkens a pixel by `coverage` (0 to 1) of black.
    fn ink(&mut self, x: i64, y: i64, coverage: f32) {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return;
        }
        let at = usize::try_from(y * i64::from(self.width) + x).unwrap_or(usize::MAX);
        if let Some(p) = self.pixels.get_mut(at) {
            let kept = f32::from(*p) * (1.0 - coverage.clamp(0.0, 1.0));
            *p = kept.round().clamp(0.0, 255.0) as u8;
        }
    }

    /// A black line across, `thickness` pixels.
    fn rule(&mut self, x0: f32, x1: f32, y: f32, thickness: f32) {
        let (x0, x1) = (x0.max(0.0) as i64, x1.max(0.0) as i64);
        let (y0, y1) = (y as i64, (y + thickness.max(1.0)) as i64);
        for yy in y0..y1 {
            for xx in x0..x1 {
                self.ink(xx, yy, 1.0);
            }
        }
    }
}

/// Text in one size of the font: measured and drawn.
struct Pen<'f> {
    font: &'f FontRef<'f>,
    scale: PxScale,
}

impl Pen<'_> {
    fn width(&self, text: &str) -> f32 {
        let scaled = self.font.as_scaled(self.scale);
        let mut width = 0.0;
        let mut last = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(prev) = last {
                width += scaled.kern(prev, id);
            }
            width += scaled.h_advance(id);
            last = Some(id);
        }
        width
    }

    /// `text` from `x` on the baseline `y`, cut with `…` to fit `room`; its width drawn.
    fn write(&self, canvas: &mut Canvas, text: &str, x: f32, y: f32, room: f32) -> f32 {
        let text = self.fitted(text, room);
        let scaled = self.font.as_scaled(self.scale);
        let mut caret = x;
        let mut last = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(prev) = last {
                caret += scaled.kern(prev, id);
            }
            let glyph = id.with_scale_and_position(self.scale, ab_glyph::point(caret, y));
            if let Some(outline) = self.font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                outline.draw(|gx, gy, coverage| {
                    canvas.ink(
                        bounds.min.x as i64 + i64::from(gx),
                        bounds.min.y as i64 + i64::from(gy),
                        coverage,
                    );
                });
            }
            caret += scaled.h_advance(id);
            last = Some(id);
        }
        caret - x
    }

    /// `text`, or as much of it as fits `room` with `…` after it.
    fn fitted(&self, text: &str, room: f32) -> String {
        if self.width(text) <= room {
            return text.to_string();
        }
        let mut cut: String = text.to_string();
        while !cut.is_empty() && self.width(&format!("{cut}…")) > room {
            cut.pop();
        }
        format!("{}…", cut.trim_end())
    }
}

/// The largest picture drawn: a 4K frame on its side.
pub const MAX_SIDE: u32 = 3840;
/// The most pixels drawn (a 2000 × 2000 board; a 4K frame's fits at 2 levels).
pub const MAX_PIXELS: u64 = 8_294_400;

/// `state`'s board as `asked`, `width`×`height`, as an indexed PNG of `levels` greys.
pub fn render(state: &mut KioskState, asked: &Asked, width: u32, height: u32, levels: u8) -> Vec<u8> {
    let Ok(font) = FontRef::try_from_slice(FONT) else {
        return Vec::new();
    };
    let mut canvas = Canvas::new(width, height);
    let (w, h) = (width as f32, height as f32);
    let margin = (h * 0.03).max(2.0);
    // The page and language of this moment, as the page without JavaScript shows them.
    let visible: Vec<railtop_core::model::Departure> =
        state.visible().into_iter().cloned().collect();
    let per_page = asked.look.rows.max(1);
    let pages = visible.len().div_ceil(per_page).max(1);
    let views = state.settings.langs.count();
    let turn = usize::try_from(state.now.timestamp().max(0)).unwrap_or(0)
        / usize::try_from(state.settings.page_secs.max(1)).unwrap_or(1);
    state.lang_turn = turn % views;
    let page = (turn / views) % pages;
    let lang = state.lang();
    let shown: Vec<&railtop_core::model::Departure> =
        visible.iter().skip(page * per_page).take(per_page).collect();
    let words = rows::rows(state, &shown);
    // The header: the station and the time, the date under them.
    let title = Pen {
        font: &font,
        scale: PxScale::from(h / 11.0),
    };
    let small = Pen {
        font: &font,
        scale: PxScale::from(h / 26.0),
    };
    let local = state.now.with_timezone(&state.tz());
    let clock = if state.twelve_hour() {
        local.format("%-I:%M %p").to_string()
    } else {
        local.format("%H:%M").to_string()
    };
    let clock_width = title.width(&clock);
    let top = margin + h / 11.0 * 0.8;
    title.write(&mut canvas, &clock, w - margin - clock_width, top, clock_width + 1.0);
    let name = state.station_name(state.current);
    title.write(&mut canvas, &name, margin, top, w - 3.0 * margin - clock_width);
    let mut date = lang.date(&local, "date-long");
    if state.simulated() {
        date = format!("{date} · {}", lang.t("badge-demo"));
    }
    let date_line = top + h / 26.0 * 1.4;
    small.write(&mut canvas, &date, margin, date_line, w - 2.0 * margin);
    // The footer: how old the board is, or since when its feed fails.
    let (status, _) = crate::kiosk::view::footer_status(state, Some((page, pages)));
    let footer = h - margin;
    small.write(&mut canvas, &status, margin, footer, w - 2.0 * margin);
    // The rows, as large as their number allows between the header and the footer.
    let table_top = date_line + h / 26.0 * 0.8;
    let table_bottom = footer - h / 26.0 * 1.4;
    let lines = (words.len().max(4) + 1) as f32;
    let row_height = ((table_bottom - table_top) / lines).max(4.0);
    let pen = Pen {
        font: &font,
        scale: PxScale::from(row_height * 0.78),
    };
    let titles = Pen {
        font: &font,
        scale: PxScale::from(row_height * 0.55),
    };
    if words.is_empty() {
        let text = crate::kiosk::view::empty_text(state);
        pen.write(&mut canvas, &text, margin, table_top + row_height, w - 2.0 * margin);
        return encode(&canvas, levels);
    }
    let gap = pen.width("  ");
    let widest = |f: &dyn Fn(&Row) -> String, title: &str| {
        words
            .iter()
            .map(|r| pen.width(&f(r)))
            .fold(titles.width(title), f32::max)
    };
    let time_title = lang.t("col-time");
    let platform_title = lang.t("col-platform-short");
    let status_title = lang.t("col-status");
    let time_w = widest(&|r| r.time.clone(), time_title);
    let platform_w = widest(&|r| r.platform.clone(), platform_title);
    let status_w = widest(&|r| r.status.clone(), status_title);
    let x_time = margin;
    let x_dest = x_time + time_w + gap;
    let x_status = w - margin - status_w;
    let x_platform = x_status - gap - platform_w;
    let dest_room = (x_platform - gap - x_dest).max(0.0);
    let head = table_top + row_height * 0.75;
    titles.write(&mut canvas, time_title, x_time, head, time_w);
    titles.write(&mut canvas, lang.t("col-destination"), x_dest, head, dest_room);
    titles.write(&mut canvas, platform_title, x_platform, head, platform_w);
    titles.write(&mut canvas, status_title, x_status, head, status_w);
    canvas.rule(margin, w - margin, table_top + row_height * 0.95, (row_height / 24.0).max(1.0));
    for (i, row) in words.iter().enumerate() {
        let baseline = table_top + row_height * (i as f32 + 1.8);
        pen.write(&mut canvas, &row.time, x_time, baseline, time_w + 1.0);
        let destination = if row.marked {
            format!("{} *", row.destination)
        } else {
            row.destination.clone()
        };
        pen.write(&mut canvas, &destination, x_dest, baseline, dest_room);
        pen.write(&mut canvas, &row.platform, x_platform, baseline, platform_w + 1.0);
        pen.write(&mut canvas, &row.status, x_status, baseline, status_w + 1.0);
        if row.cancelled {
            // Struck through, as on every face: the word says it too.
            canvas.rule(x_time, x_platform - gap, baseline - row_height * 0.25, (row_height / 16.0).max(1.0));
        }
    }
    state.lang_turn = 0;
    encode(&canvas, levels)
}

/// The canvas as an indexed PNG of `levels` (2, 4 or 16) greys, black first.
fn encode(canvas: &Canvas, levels: u8) -> Vec<u8> {
    let (depth, bits) = match levels {
        2 => (png::BitDepth::One, 1u32),
        4 => (png::BitDepth::Two, 2),
        _ => (png::BitDepth::Four, 4),
    };
    let top = u32::from(levels.max(2)) - 1;
    let palette: Vec<u8> = (0..=top)
        .flat_map(|i| {
            let grey = u8::try_from(i * 255 / top).unwrap_or(255);
            [grey, grey, grey]
        })
        .collect();
    let per_line = (canvas.width * bits).div_ceil(8) as usize;
    let mut packed = vec![0u8; per_line * canvas.height as usize];
    for y in 0..canvas.height as usize {
        for x in 0..canvas.width as usize {
            let grey = u32::from(canvas.pixels[y * canvas.width as usize + x]);
            // Nearest level; with two, black below the middle and white above it.
            let index = (grey * top + 127) / 255;
            let bit = x as u32 * bits;
            let byte = y * per_line + (bit / 8) as usize;
            let shift = 8 - bits - bit % 8;
            packed[byte] |= u8::try_from(index << shift).unwrap_or(0);
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, canvas.width, canvas.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(depth);
    encoder.set_palette(palette);
    let written = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&packed));
    if written.is_err() {
        return Vec::new();
    }
    out
}
