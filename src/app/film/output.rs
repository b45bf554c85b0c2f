//! A film's frames on disk: an animated GIF, or a numbered PNG sequence in a folder.

use std::path::Path;

use super::FilmPlan;

/// Writes the frames as an animated GIF or a numbered PNG sequence.
pub(super) fn write(
    frames: &[image::RgbaImage],
    plan: &FilmPlan,
    out: &Path,
) -> Result<(), String> {
    if plan.gif {
        let file = std::fs::File::create(out)
            .map_err(|e| format!("film: cannot write {} ({e})", out.display()))?;
        // Speed 10 of 1..30: NeuQuant's default balance of palette quality and time.
        let mut encoder =
            image::codecs::gif::GifEncoder::new_with_speed(std::io::BufWriter::new(file), 10);
        encoder
            .set_repeat(image::codecs::gif::Repeat::Infinite)
            .map_err(|e| format!("film: {e}"))?;
        let delay = image::Delay::from_numer_denom_ms(1000, plan.fps);
        for frame in frames {
            encoder
                .encode_frame(image::Frame::from_parts(frame.clone(), 0, 0, delay))
                .map_err(|e| format!("film: cannot encode a frame ({e})"))?;
        }
        Ok(())
    } else {
        std::fs::create_dir_all(out)
            .map_err(|e| format!("film: cannot make {} ({e})", out.display()))?;
        for (i, frame) in frames.iter().enumerate() {
            let path = out.join(format!("frame-{:04}.png", i + 1));
            image::DynamicImage::ImageRgba8(frame.clone())
                .to_rgb8()
                .save_with_format(&path, image::ImageFormat::Png)
                .map_err(|e| format!("film: cannot write {} ({e})", path.display()))?;
        }
        Ok(())
    }
}
