//! The encoder's formats, byte for byte and decoded, and its poster.

use super::*;

#[test]
fn the_format_is_the_extension_and_an_unknown_one_is_refused() {
    assert_eq!(Format::of(Path::new("a.gif"), 80.0), Ok(Format::Gif));
    assert_eq!(Format::of(Path::new("a.PNG"), 80.0), Ok(Format::Apng));
    assert_eq!(
        Format::of(Path::new("a.webp"), 60.0),
        Ok(Format::Webp { quality: 60.0 })
    );
    assert_eq!(Format::of(Path::new("frames"), 80.0), Ok(Format::Pngs));
    let err = Format::of(Path::new("a.mp4"), 80.0).unwrap_err();
    assert!(err.contains(".mp4") && err.contains(".webp"), "{err}");
}

#[test]
fn padded_rows_are_cut_to_the_width() {
    // 2x2 pixels, rows padded to 12 bytes.
    let data: Vec<u8> = (0..24).collect();
    let rgba = unpadded(data, 12, (2, 2)).unwrap();
    assert_eq!(
        rgba,
        [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 16, 17, 18, 19]
    );
    assert!(unpadded(vec![0; 10], 8, (2, 2)).is_err());
}

#[test]
fn the_poster_prefers_more_actors_then_the_contact() {
    let few = PosterScore {
        actors: 2,
        nearness: 1.0,
    };
    let many_far = PosterScore {
        actors: 5,
        nearness: 0.1,
    };
    let many_near = PosterScore {
        actors: 5,
        nearness: 0.9,
    };
    assert!(many_far > few && many_near > many_far);
}

/// Three frames of a soft gradient with a moving square, rows padded as the GPU pads.
fn frames(size: (u32, u32)) -> Vec<Vec<u8>> {
    let stride = (size.0 as usize * 4).div_ceil(256) * 256;
    (0..3)
        .map(|f| {
            let mut data = vec![0u8; stride * size.1 as usize];
            for y in 0..size.1 as usize {
                for x in 0..size.0 as usize {
                    let inside = (x / 8) == f + 1 && (y / 8) == 1;
                    let p = &mut data[y * stride + x * 4..][..4];
                    let c = if inside {
                        [230, 40, 30]
                    } else {
                        [(x * 3) as u8, (y * 4) as u8, 90]
                    };
                    p.copy_from_slice(&[c[0], c[1], c[2], 255]);
                }
            }
            data
        })
        .collect()
}

fn film(format: Format, name: &str) -> (Vec<u8>, Written) {
    let dir = std::env::temp_dir().join(format!("lodestone-encode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(name);
    let size = (64, 32);
    let writer = FrameWriter::start(format, out.clone(), size, 10, None);
    for data in frames(size) {
        let stride = data.len() / size.1 as usize;
        assert!(writer.push(ReadFrame {
            data,
            stride,
            poster: PosterScore::default()
        }));
    }
    let written = writer.finish().unwrap();
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(written.bytes, bytes.len() as u64);
    (bytes, written)
}

/// The frames as they went in, without padding.
fn originals() -> Vec<Vec<u8>> {
    frames((64, 32))
        .into_iter()
        .map(|d| unpadded(d, 256, (64, 32)).unwrap())
        .collect()
}

/// The largest mean difference per channel between decoded frames and the originals.
fn worst_difference(decoded: &[Vec<u8>]) -> f64 {
    let originals = originals();
    assert_eq!(decoded.len(), originals.len());
    decoded
        .iter()
        .zip(&originals)
        .map(|(d, o)| {
            let (mut sum, mut n) = (0u64, 0u64);
            for (a, b) in d.chunks_exact(4).zip(o.chunks_exact(4)) {
                for c in 0..3 {
                    sum += u64::from(a[c].abs_diff(b[c]));
                    n += 1;
                }
            }
            sum as f64 / n as f64
        })
        .fold(0.0, f64::max)
}

#[test]
fn each_format_is_byte_stable_and_decodes_to_its_frames() {
    // APNG: lossless, so exact.
    let (apng, written) = film(Format::Apng, "a.png");
    assert_eq!(written.frames, 3);
    assert_eq!(film(Format::Apng, "b.png").0, apng);
    let mut decoder = png::Decoder::new(std::io::Cursor::new(&apng))
        .read_info()
        .unwrap();
    assert_eq!(
        decoder.info().animation_control().map(|a| a.num_frames),
        Some(3)
    );
    let mut decoded = Vec::new();
    let mut buf = vec![0; decoder.output_buffer_size().unwrap()];
    for _ in 0..3 {
        decoder.next_frame(&mut buf).unwrap();
        decoded.push(
            buf.chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
        );
    }
    assert_eq!(worst_difference(&decoded), 0.0);

    // WebP: lossy, so close; libwebp is deterministic, so the bytes repeat.
    let (webp, _) = film(Format::Webp { quality: 80.0 }, "a.webp");
    assert_eq!(film(Format::Webp { quality: 80.0 }, "b.webp").0, webp);
    let decoded: Vec<Vec<u8>> = webp_animation::Decoder::new(&webp)
        .unwrap()
        .into_iter()
        .map(|f| f.data().to_vec())
        .collect();
    let worst = worst_difference(&decoded);
    assert!(worst < 6.0, "{worst}");
    let (smaller, _) = film(Format::Webp { quality: 20.0 }, "c.webp");
    assert!(
        smaller.len() < webp.len(),
        "{} {}",
        smaller.len(),
        webp.len()
    );

    // GIF: a palette per frame, so close.
    let (gif, _) = film(Format::Gif, "a.gif");
    assert_eq!(film(Format::Gif, "b.gif").0, gif);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
    let decoded: Vec<Vec<u8>> = image::AnimationDecoder::into_frames(decoder)
        .map(|f| f.unwrap().into_buffer().into_raw())
        .collect();
    let worst = worst_difference(&decoded);
    assert!(worst < 8.0, "{worst}");
}

#[test]
fn the_poster_is_the_best_scoring_frame() {
    let dir = std::env::temp_dir().join(format!("lodestone-poster-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let size = (64, 32);
    let poster = dir.join("poster.png");
    let writer = FrameWriter::start(
        Format::Gif,
        dir.join("p.gif"),
        size,
        10,
        Some(poster.clone()),
    );
    for (i, data) in frames(size).into_iter().enumerate() {
        let stride = data.len() / size.1 as usize;
        let score = PosterScore {
            actors: 3,
            nearness: [0.2, 0.9, 0.5][i],
        };
        writer.push(ReadFrame {
            data,
            stride,
            poster: score,
        });
    }
    assert_eq!(writer.finish().unwrap().poster_frame, Some(1));
    let image = image::open(&poster).unwrap().to_rgba8();
    assert_eq!(
        image.into_raw(),
        originals()[1],
        "the poster is frame 1, exactly"
    );
}
