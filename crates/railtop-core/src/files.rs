//! The one way railtop reads a file it is pointed at (the config file, the SSH host key and
//! authorized keys, the station cache, a GTFS bundle and its timetable snapshot): a regular
//! file only ([`open_regular`]), and at most a stated size. A path
//! to `/dev/zero` would otherwise grow memory without end, and a FIFO would hang the start;
//! each is refused with the path and why.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file was not read; each names the path.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{} does not exist", .0.display())]
    Missing(PathBuf),
    #[error("{} is not a regular file (a device, FIFO, socket or directory)", .0.display())]
    NotRegular(PathBuf),
    #[error("{} is larger than {} KiB", .path.display(), .max / 1024)]
    TooLarge { path: PathBuf, max: u64 },
    #[error("{} is not UTF-8 text", .0.display())]
    NotText(PathBuf),
    #[error("cannot read {}", .path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl FileError {
    /// Whether the file is simply not there (some callers then use their defaults).
    pub fn is_missing(&self) -> bool {
        matches!(self, FileError::Missing(_))
    }
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> FileError + '_ {
    move |source| match source.kind() {
        std::io::ErrorKind::NotFound => FileError::Missing(path.to_path_buf()),
        _ => FileError::Io {
            path: path.to_path_buf(),
            source,
        },
    }
}

/// The regular file at `path`, open to read, and its length: a device, FIFO, socket or
/// directory is refused before it is opened (opening a FIFO waits for a writer).
pub fn open_regular(path: &Path) -> Result<(File, u64), FileError> {
    let io = io_error(path);
    if !std::fs::metadata(path).map_err(&io)?.is_file() {
        return Err(FileError::NotRegular(path.to_path_buf()));
    }
    let file = File::open(path).map_err(&io)?;
    // And again once open, in case it was swapped in between.
    let meta = file.metadata().map_err(&io)?;
    if !meta.is_file() {
        return Err(FileError::NotRegular(path.to_path_buf()));
    }
    Ok((file, meta.len()))
}

/// The bytes of the regular file at `path`, if it has at most `max` of them.
pub fn read_bytes(path: &Path, max: u64) -> Result<Vec<u8>, FileError> {
    // The one device that is a file's worth of nothing: `--config /dev/null` means no settings.
    if path == Path::new("/dev/null") {
        return Ok(Vec::new());
    }
    let io = io_error(path);
    let (file, _) = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            max,
        });
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, if it has at most `max` bytes.
pub fn read_text(path: &Path, max: u64) -> Result<String, FileError> {
    String::from_utf8(read_bytes(path, max)?).map_err(|_| FileError::NotText(path.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_their_size() {
        let dir = std::env::temp_dir().join(format!("railtop-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let small = dir.join("small.toml");
        std::fs::write(&small, "interval = 20\n").unwrap();
        assert_eq!(read_text(&small, 100).unwrap(), "interval = 20\n");
        assert!(matches!(
            read_text(&small, 5),
            Err(FileError::TooLarge { .. })
        ));
        assert!(matches!(
            read_text(Path::new("/dev/zero"), 1 << 20),
            Err(FileError::NotRegular(_))
        ));
        assert!(matches!(
            read_text(&dir, 100),
            Err(FileError::NotRegular(_))
        ));
        assert!(read_text(&dir.join("absent"), 100)
            .unwrap_err()
            .is_missing());
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Refused at once, not waiting for a writer.
            assert!(matches!(
                read_text(&fifo, 100),
                Err(FileError::NotRegular(_))
            ));
        }
        std::fs::write(&small, [0xff, 0xfe]).unwrap();
        assert!(matches!(read_text(&small, 100), Err(FileError::NotText(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
