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

/// Where the rows go: the columns' places and the rows' height, from the rows' words (the
/// widest time, platform and status) and the picture's size.
struct Table {
    top: f32,
    row_height: f32,
    gap: f32,
    x_time: f32,
    time_w: f32,
    x_dest: f32,
    x_platform: f32,
    platform_w: f32,
    x_status: f32,
    status_w: f32,
}

impl Table {
    fn of(
        font: &FontRef<'_>,
        lang: railtop_i18n::Lang,
        words: &[Row],
        (w, h): (f32, f32),
    ) -> Table {
        let margin = (h * 0.03).max(2.0);
        let small = h / 26.0;
        let top = margin + h / 11.0 * 0.8 + small * 1.4 + small * 0.8;
        let bottom = h - margin - small * 1.4;
        let lines = (words.len().max(4) + 1) as f32;
        let row_height = ((bottom - top) / lines).max(4.0);
        let pen = Pen {
            font,
            scale: PxScale::from(row_height * 0.78),
        };
        let titles = Pen {
            font,
            scale: PxScale::from(row_height * 0.55),
        };
        let widest = |f: &dyn Fn(&Row) -> &str, title: &str| {
            words
                .iter()
                .map(|r| pen.width(f(r)))
                .fold(titles.width(title), f32::max)
        };
        let gap = pen.width("  ");
        let time_w = widest(&|r| &r.time, lang.t("col-time"));
        let platform_w = widest(&|r| &r.platform, lang.t("col-platform-short"));
        let status_w = widest(&|r| &r.status, lang.t("col-status"));
        let x_status = w - margin - status_w;
        let x_platform = x_status - gap - platform_w;
        Table {
            top,
            row_height,
            gap,
            x_time: margin,
            time_w,
            x_dest: margin + time_w + gap,
            x_platform,
            platform_w,
            x_status,
            status_w,
        }
    }

    fn pen<'f>(&self, font: &'f FontRef<'f>) -> Pen<'f> {
        Pen {
            font,
            scale: PxScale::from(self.row_height * 0.78),
        }
    }

    /// The baseline of row `i` (0: the first under the titles).
    fn baseline(&self, i: usize) -> f32 {
        self.top + self.row_height * (i as f32 + 1.8)
    }
}

/// `state`'s board as `asked`, `width`×`height`, as an indexed PNG of `levels` greys.
pub fn render(
    state: &mut KioskState,
    asked: &Asked,
    width: u32,
    height: u32,
    levels: u8,
) -> Vec<u8> {
    let Ok(font) = FontRef::try_from_slice(FONT) else {
        return Vec::new();
    };
    let mut canvas = Canvas::new(width, height);
    let (w, h) = (width as f32, height as f32);
    let margin = (h * 0.03).max(2.0);
    let (shown, page, pages) = this_page(state, asked);
    let lang = state.lang();
    let refs: Vec<&railtop_core::model::Departure> = shown.iter().collect();
    let words = rows::rows(state, &refs);
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
    title.write(
        &mut canvas,
        &clock,
        w - margin - clock_width,
        top,
        clock_width + 1.0,
    );
    let name = state.station_name(state.current);
    title.write(
        &mut canvas,
        &name,
        margin,
        top,
        w - 3.0 * margin - clock_width,
    );
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
    if words.is_empty() {
        let pen = Pen {
            font: &font,
            scale: PxScale::from(h / 14.0),
        };
        let text = crate::kiosk::view::empty_text(state);
        pen.write(
            &mut canvas,
            &text,
            margin,
            date_line + h / 8.0,
            w - 2.0 * margin,
        );
        state.lang_turn = 0;
        return encode(&canvas, levels);
    }
    let table = Table::of(&font, lang, &words, (w, h));
    let pen = table.pen(&font);
    let titles = Pen {
        font: &font,
        scale: PxScale::from(table.row_height * 0.55),
    };
    let head = table.top + table.row_height * 0.75;
    titles.write(
        &mut canvas,
        lang.t("col-time"),
        table.x_time,
        head,
        table.time_w,
    );
    let dest_room = (table.x_platform - table.gap - table.x_dest).max(0.0);
    titles.write(
        &mut canvas,
        lang.t("col-destination"),
        table.x_dest,
        head,
        dest_room,
    );
    titles.write(
        &mut canvas,
        lang.t("col-platform-short"),
        table.x_platform,
        head,
        table.platform_w,
    );
    titles.write(
        &mut canvas,
        lang.t("col-status"),
        table.x_status,
        head,
        table.status_w,
    );
    canvas.rule(
        margin,
        w - margin,
        table.top + table.row_height * 0.95,
        (table.row_height / 24.0).max(1.0),
    );
    for (i, row) in words.iter().enumerate() {
        let baseline = table.baseline(i);
        pen.write(
            &mut canvas,
            &row.time,
            table.x_time,
            baseline,
            table.time_w + 1.0,
        );
        let destination = if row.marked {
            format!("{} *", row.destination)
        } else {
            row.destination.clone()
        };
        pen.write(&mut canvas, &destination, table.x_dest, baseline, dest_room);
        pen.write(
            &mut canvas,
            &row.platform,
            table.x_platform,
            baseline,
            table.platform_w + 1.0,
        );
        pen.write(
            &mut canvas,
            &row.status,
            table.x_status,
            baseline,
            table.status_w + 1.0,
        );
        if row.cancelled {
            // Struck through, as on every face: the word says it too.
            canvas.rule(
                table.x_time,
                table.x_platform - table.gap,
                baseline - table.row_height * 0.25,
                (table.row_height / 16.0).max(1.0),
            );
        }
    }
    state.lang_turn = 0;
    encode(&canvas, levels)
}

/// The rows of this moment's page, the page and how many there are; the state set to this
/// moment's language (as the page without JavaScript shows them).
fn this_page(
    state: &mut KioskState,
    asked: &Asked,
) -> (Vec<railtop_core::model::Departure>, usize, usize) {
    let visible: Vec<railtop_core::model::Departure> =
        state.visible().into_iter().cloned().collect();
    let per_page = asked.look.rows.max(1);
    let pages = visible.len().div_ceil(per_page).max(1);
    let views = state.settings.langs.count();
    let turn = usize::try_from(state.now.timestamp().max(0)).unwrap_or(0)
        / usize::try_from(state.settings.page_secs.max(1)).unwrap_or(1);
    state.lang_turn = turn % views;
    let page = (turn / views) % pages;
    let shown = visible
        .into_iter()
        .skip(page * per_page)
        .take(per_page)
        .collect();
    (shown, page, pages)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kiosk::KioskSettings;

    /// Each pixel's palette index, and the palette.
    fn decode(png: &[u8]) -> (u32, u32, png::BitDepth, Vec<u8>, Vec<u8>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        let info = reader.info();
        let (w, h, depth) = (info.width, info.height, info.bit_depth);
        let palette = info.palette.as_deref().unwrap_or_default().to_vec();
        let bits = depth as u32;
        let mut indices = Vec::new();
        for y in 0..h as usize {
            let line = &buf[y * frame.line_size..];
            for x in 0..w {
                let bit = x * bits;
                let byte = line[(bit / 8) as usize];
                let shift = 8 - bits - bit % 8;
                indices.push((byte >> shift) & ((1 << bits) - 1) as u8);
            }
        }
        (w, h, depth, palette, indices)
    }

    #[test]
    fn two_levels_are_black_and_white_and_the_first_rows_time_is_where_its_words_say() {
        let settings = KioskSettings::default();
        let asked =
            super::super::query::read("station=HKI&size=800x480&colors=2", &settings).unwrap();
        let mut k = crate::test_support::demo_kiosk(&["HKI"], settings);
        let png = render(&mut k, &asked, 800, 480, 2);
        let (w, h, depth, palette, indices) = decode(&png);
        assert_eq!((w, h, depth), (800, 480, png::BitDepth::One));
        assert_eq!(palette, [0, 0, 0, 255, 255, 255], "black and white only");
        assert!(indices.iter().all(|i| *i <= 1));
        // The expected first row's time, drawn alone where the table puts it, is what the
        // picture has there, pixel for pixel: the row's text, found without reading it.
        let (shown, _, _) = this_page(&mut k, &asked);
        let refs: Vec<&railtop_core::model::Departure> = shown.iter().collect();
        let words = rows::rows(&k, &refs);
        let font = FontRef::try_from_slice(FONT).unwrap();
        let table = Table::of(&font, k.lang(), &words, (800.0, 480.0));
        let mut alone = Canvas::new(800, 480);
        let baseline = table.baseline(0);
        let drawn = table.pen(&font).write(
            &mut alone,
            &words[0].time,
            table.x_time,
            baseline,
            table.time_w + 1.0,
        );
        assert!(drawn > 10.0, "{}", words[0].time);
        let (x0, x1) = (table.x_time as usize, (table.x_time + drawn) as usize);
        let (y0, y1) = (
            (baseline - table.row_height * 0.8) as usize,
            (baseline + table.row_height * 0.15) as usize,
        );
        let mut inked = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                let expected = u8::from(alone.pixels[y * 800 + x] >= 128);
                assert_eq!(
                    indices[y * 800 + x],
                    expected,
                    "pixel {x},{y} of {}",
                    words[0].time
                );
                inked += usize::from(expected == 0);
            }
        }
        assert!(inked > 50, "the time has ink: {inked} pixels");
        // Sixteen levels: a 4-bit palette of greys, black to white.
        let png = render(&mut k, &asked, 800, 480, 16);
        let (_, _, depth, palette, _) = decode(&png);
        assert_eq!(depth, png::BitDepth::Four);
        assert_eq!(palette.len(), 16 * 3);
        assert_eq!(
            (&palette[..3], &palette[45..]),
            (&[0, 0, 0][..], &[255, 255, 255][..])
        );
    }
}
