//! Where a film's encoded frames go: the GIF, APNG and WebP encoders, a folder of PNGs.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::encode::Format;

/// Where the encoded frames go.
pub(super) enum Sink {
    Gif {
        encoder: Box<image::codecs::gif::GifEncoder<std::io::BufWriter<std::fs::File>>>,
        delay: image::Delay,
        size: (u32, u32),
    },
    /// APNG needs the frame count before the first frame, so its frames wait (as RGB).
    Apng {
        frames: Vec<Vec<u8>>,
        out: PathBuf,
        size: (u32, u32),
        fps: u32,
    },
    Webp {
        encoder: Box<webp_animation::Encoder>,
        out: PathBuf,
        fps: u32,
    },
    Pngs {
        folder: PathBuf,
        size: (u32, u32),
    },
}

impl Sink {
    pub(super) fn open(
        format: Format,
        out: &Path,
        size: (u32, u32),
        fps: u32,
    ) -> Result<Sink, String> {
        Ok(match format {
            Format::Gif => {
                let file = create(out)?;
                // Speed 10 of 1..30: NeuQuant's default balance of palette quality and time.
                let mut encoder = image::codecs::gif::GifEncoder::new_with_speed(
                    std::io::BufWriter::new(file),
                    10,
                );
                encoder
                    .set_repeat(image::codecs::gif::Repeat::Infinite)
                    .map_err(|e| format!("film: {e}"))?;
                Sink::Gif {
                    encoder: Box::new(encoder),
                    delay: image::Delay::from_numer_denom_ms(1000, fps),
                    size,
                }
            }
            Format::Apng => Sink::Apng {
                frames: Vec::new(),
                out: out.to_path_buf(),
                size,
                fps,
            },
            Format::Webp { quality } => {
                use webp_animation::{EncoderOptions, EncodingConfig, EncodingType};
                let options = EncoderOptions {
                    encoding_config: Some(EncodingConfig {
                        encoding_type: EncodingType::new_lossy(),
                        quality,
                        method: 4,
                    }),
                    ..EncoderOptions::default()
                };
                let encoder = webp_animation::Encoder::new_with_options(size, options)
                    .map_err(|e| format!("film: the WebP encoder did not start ({e:?})"))?;
                Sink::Webp {
                    encoder: Box::new(encoder),
                    out: out.to_path_buf(),
                    fps,
                }
            }
            Format::Pngs => Sink::Pngs {
                folder: out.to_path_buf(),
                size,
            },
        })
    }

    pub(super) fn add(&mut self, rgba: Vec<u8>, index: usize) -> Result<(), String> {
        match self {
            Sink::Gif {
                encoder,
                delay,
                size: (w, h),
            } => {
                let frame = image::RgbaImage::from_raw(*w, *h, rgba)
                    .ok_or("film: a frame had the wrong size")?;
                encoder
                    .encode_frame(image::Frame::from_parts(frame, 0, 0, *delay))
                    .map_err(|e| format!("film: cannot encode a frame ({e})"))
            }
            Sink::Apng { frames, .. } => {
                frames.push(rgb(&rgba));
                Ok(())
            }
            Sink::Webp { encoder, fps, .. } => encoder
                .add_frame(&rgba, timestamp_ms(index, *fps))
                .map_err(|e| format!("film: cannot encode a frame ({e:?})")),
            Sink::Pngs { folder, size } => save_png(
                &folder.join(format!("frame-{:04}.png", index + 1)),
                *size,
                &rgba,
            ),
        }
    }

    pub(super) fn finish(self, count: usize) -> Result<(), String> {
        match self {
            Sink::Gif { encoder, .. } => {
                // Dropping the encoder writes the GIF's trailer.
                drop(encoder);
                Ok(())
            }
            Sink::Apng {
                frames,
                out,
                size,
                fps,
            } => write_apng(&out, size, fps, &frames),
            Sink::Webp { encoder, out, fps } => {
                let data = encoder
                    .finalize(timestamp_ms(count, fps))
                    .map_err(|e| format!("film: cannot finish the WebP ({e:?})"))?;
                create(&out)?
                    .write_all(&data)
                    .map_err(|e| format!("film: cannot write {} ({e})", out.display()))
            }
            Sink::Pngs { .. } => Ok(()),
        }
    }
}

/// Frame `index`'s start on the film's clock, in milliseconds.
fn timestamp_ms(index: usize, fps: u32) -> i32 {
    (index as u64 * 1000 / u64::from(fps)) as i32
}

fn rgb(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect()
}

fn write_apng(out: &Path, (w, h): (u32, u32), fps: u32, frames: &[Vec<u8>]) -> Result<(), String> {
    let fail = |e: png::EncodingError| format!("film: cannot write {} ({e})", out.display());
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(create(out)?), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_animated(frames.len() as u32, 0).map_err(fail)?;
    encoder.set_frame_delay(1, fps as u16).map_err(fail)?;
    let mut writer = encoder.write_header().map_err(fail)?;
    for frame in frames {
        writer.write_image_data(frame).map_err(fail)?;
    }
    writer.finish().map_err(fail)
}

/// One frame as an (opaque) PNG.
pub(super) fn save_png(path: &Path, (w, h): (u32, u32), rgba: &[u8]) -> Result<(), String> {
    let fail = |e: png::EncodingError| format!("film: cannot write {} ({e})", path.display());
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(create(path)?), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(&rgb(rgba)).map_err(fail)?;
    writer.finish().map_err(fail)
}

pub(super) fn create(path: &Path) -> Result<std::fs::File, String> {
    std::fs::File::create(path).map_err(|e| format!("film: cannot write {} ({e})", path.display()))
}
