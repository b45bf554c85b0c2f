//! A film's frames encoded on their own thread while the next ones render: an animated
//! GIF, APNG or WebP (chosen by the extension of `--out`), or a numbered PNG sequence in a
//! folder; and the poster, the frame that best shows the action.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;

use super::sink::{Sink, save_png};

/// What a film is written as.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Format {
    Gif,
    /// Animated PNG: lossless, every frame whole.
    Apng,
    /// Animated WebP, lossy at this quality (0 smallest ..= 100 best).
    Webp {
        quality: f32,
    },
    /// `frame-0001.png`, ... in a folder.
    Pngs,
}

impl Format {
    /// The extensions a film file may have, for a usage error's sentence.
    pub const EXTENSIONS: &'static str = ".gif, .png (APNG) or .webp";

    /// The format `out`'s extension names: a folder of PNGs when it has none.
    pub fn of(out: &Path, webp_quality: f32) -> Result<Format, String> {
        let Some(extension) = out.extension() else {
            return Ok(Format::Pngs);
        };
        match extension.to_string_lossy().to_ascii_lowercase().as_str() {
            "gif" => Ok(Format::Gif),
            "png" | "apng" => Ok(Format::Apng),
            "webp" => Ok(Format::Webp {
                quality: webp_quality,
            }),
            other => Err(format!(
                "--out must end in {} or be a folder, not .{other} ({})",
                Format::EXTENSIONS,
                out.display()
            )),
        }
    }

    pub fn is_folder(self) -> bool {
        self == Format::Pngs
    }
}

/// How well a frame shows the action, for the poster: the number of pieces acting in
/// its stage first, then how near it is to the stage's moment of contact (its first
/// sound). Frames outside a stage score nothing.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct PosterScore {
    pub actors: usize,
    /// 1 at the contact, falling to 0 a whole stage away.
    pub nearness: f32,
}

/// One frame as it was read back: rows of `stride` bytes (the GPU pads each row to 256
/// bytes), RGBA.
pub struct ReadFrame {
    pub data: Vec<u8>,
    pub stride: usize,
    pub poster: PosterScore,
}

/// What was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub frames: usize,
    /// The film's size on disk, in bytes (all the PNGs of a folder).
    pub bytes: u64,
    /// The poster's frame (0 is the first), if one was asked for.
    pub poster_frame: Option<usize>,
}

/// The encoding thread: frames go in as they are read back, in order; `finish` waits for
/// the file.
pub struct FrameWriter {
    sender: Option<mpsc::Sender<ReadFrame>>,
    thread: Option<JoinHandle<Result<Written, String>>>,
}

impl FrameWriter {
    pub fn start(
        format: Format,
        out: PathBuf,
        size: (u32, u32),
        fps: u32,
        poster: Option<PathBuf>,
    ) -> FrameWriter {
        let (sender, frames) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("film encoder".to_string())
            .spawn(move || encode(frames, format, &out, size, fps, poster.as_deref()))
            .ok();
        FrameWriter {
            sender: Some(sender),
            thread,
        }
    }

    /// Hands one frame to the encoder (false once it has stopped, with its reason kept
    /// for `finish`).
    pub fn push(&self, frame: ReadFrame) -> bool {
        self.sender.as_ref().is_some_and(|s| s.send(frame).is_ok())
    }

    /// Ends the film and waits for its file.
    pub fn finish(mut self) -> Result<Written, String> {
        drop(self.sender.take());
        match self.thread.take() {
            Some(thread) => thread
                .join()
                .map_err(|_| "film: the encoder stopped unexpectedly".to_string())?,
            None => Err("film: the encoder could not start".to_string()),
        }
    }
}

/// Runs on the encoder's thread until the last frame has come.
fn encode(
    frames: mpsc::Receiver<ReadFrame>,
    format: Format,
    out: &Path,
    size: (u32, u32),
    fps: u32,
    poster: Option<&Path>,
) -> Result<Written, String> {
    let mut sink = Sink::open(format, out, size, fps)?;
    let mut best: Option<(PosterScore, usize, Vec<u8>)> = None;
    let mut count = 0;
    for frame in frames {
        let rgba = unpadded(frame.data, frame.stride, size)?;
        if poster.is_some()
            && best
                .as_ref()
                .is_none_or(|(score, ..)| frame.poster > *score)
        {
            best = Some((frame.poster, count, rgba.clone()));
        }
        sink.add(rgba, count)?;
        count += 1;
    }
    if count == 0 {
        return Err("film: the renderer stopped before the first frame".to_string());
    }
    sink.finish(count)?;
    let poster_frame = match (poster, best) {
        (Some(path), Some((_, index, rgba))) => {
            save_png(path, size, &rgba)?;
            Some(index)
        }
        _ => None,
    };
    Ok(Written {
        frames: count,
        bytes: size_on_disk(out),
        poster_frame,
    })
}

/// The frame's rows without the GPU's padding (the data itself when there is none).
fn unpadded(data: Vec<u8>, stride: usize, (width, height): (u32, u32)) -> Result<Vec<u8>, String> {
    let row = width as usize * 4;
    if data.len() < stride * (height as usize - 1) + row || stride < row {
        return Err(format!(
            "film: a frame came back with {} bytes, too few for {width}x{height}",
            data.len()
        ));
    }
    if stride == row {
        let mut data = data;
        data.truncate(row * height as usize);
        return Ok(data);
    }
    let mut rgba = Vec::with_capacity(row * height as usize);
    for y in 0..height as usize {
        rgba.extend_from_slice(&data[y * stride..y * stride + row]);
    }
    Ok(rgba)
}

/// A file's size, or the sum of a folder's files.
fn size_on_disk(path: &Path) -> u64 {
    match std::fs::read_dir(path) {
        Ok(entries) => entries
            .flatten()
            .filter_map(|e| e.metadata().ok())
            .filter(|m| m.is_file())
            .map(|m| m.len())
            .sum(),
        Err(_) => std::fs::metadata(path).map_or(0, |m| m.len()),
    }
}

#[cfg(test)]
mod tests;
