//! The one error of the recording layer: what went wrong with the database file, said so that a
//! person knows what to do (a full disk, a read-only file and a file that is not railtop's are
//! told apart from SQLite's own codes, never shown as a bare "SQL error").

use rusqlite::ErrorCode;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    // Not a `source`: its text is in the sentence already, and a report would say it twice.
    #[error("cannot make the folder {}: {why}", path.display())]
    Folder { path: PathBuf, why: std::io::Error },
    #[error("cannot open the database {}: {why}", path.display())]
    Open { path: PathBuf, why: String },
    #[error("the disk holding {} is full: nothing more can be recorded (free some space, or give --max-size)", path.display())]
    Full { path: PathBuf },
    #[error("{} cannot be written (read-only file or folder): record into another with --db", path.display())]
    ReadOnly { path: PathBuf },
    #[error("{} is not a railtop database (or is damaged): {why}", path.display())]
    NotOurs { path: PathBuf, why: String },
    #[error("{} was written by a newer railtop (schema {found}, this one reads up to {known}): upgrade railtop", path.display())]
    Newer {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error("work on {} was stopped: it ran past its time (a damaged or hostile file, or a disk that does not answer) or railtop is stopping", path.display())]
    Stopped { path: PathBuf },
    #[error("the database {} failed: {why}", path.display())]
    Sql { path: PathBuf, why: String },
}

impl StoreError {
    /// SQLite's error `e` on the file at `path`, by what a person can do about it.
    pub(crate) fn of(path: &std::path::Path, e: rusqlite::Error) -> StoreError {
        let path = path.to_path_buf();
        let code = e.sqlite_error_code();
        match code {
            Some(ErrorCode::DiskFull) => StoreError::Full { path },
            Some(ErrorCode::ReadOnly) => StoreError::ReadOnly { path },
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::NotOurs {
                path,
                why: e.to_string(),
            },
            Some(ErrorCode::OperationInterrupted) => StoreError::Stopped { path },
            Some(ErrorCode::TooBig) => StoreError::NotOurs {
                path,
                why: format!(
                    "it holds a value longer than railtop writes ({} KiB at most)",
                    crate::schema::MAX_VALUE_BYTES / 1024
                ),
            },
            Some(ErrorCode::CannotOpen | ErrorCode::PermissionDenied) => StoreError::Open {
                path,
                why: e.to_string(),
            },
            _ => StoreError::Sql {
                path,
                why: e.to_string(),
            },
        }
    }
}
