//! The server's identity and who may log in. The host key is made on first start and kept (mode
//! 0600), so a viewer's `known_hosts` stays valid across restarts; `--authorized-keys` reads an
//! OpenSSH `authorized_keys` file.

use russh::keys::ssh_key::{AuthorizedKeys, LineEnding};
use russh::keys::{Algorithm, PrivateKey, PublicKey};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What can stop `railtop ssh` before it serves; each keeps its cause and names the file.
#[derive(Debug, thiserror::Error)]
pub enum SshError {
    #[error("railtop ssh needs at least one --station")]
    NoStations,
    #[error("{what} {}", path.display())]
    File {
        /// "cannot read the host key", "cannot write the host key", "cannot create" …
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    /// A key file that is not a small regular file (or not there, for authorized keys).
    #[error("{what}")]
    Read {
        what: &'static str,
        #[source]
        source: railtop_core::files::FileError,
    },
    #[error("the host key {} is not an OpenSSH private key", path.display())]
    BadHostKey {
        path: PathBuf,
        source: russh::keys::ssh_key::Error,
    },
    #[error("cannot make a host key")]
    MakeKey(#[source] russh::keys::ssh_key::Error),
    #[error("{}: entry {entry} is not a public key", path.display())]
    BadAuthorizedKey {
        path: PathBuf,
        entry: usize,
        source: russh::keys::ssh_key::Error,
    },
    #[error("{} holds no keys: nobody could log in", path.display())]
    NoAuthorizedKeys { path: PathBuf },
}

fn file_error(what: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> SshError {
    let path = path.to_path_buf();
    move |source| SshError::File { what, path, source }
}

/// The most a key file may hold: an OpenSSH private key is a few KiB; an authorized_keys file
/// of thousands of keys fits.
const MAX_KEY_FILE_BYTES: u64 = 1 << 20;

/// Reads the host key at `path`, or makes an Ed25519 key there when there is none.
pub fn load_or_create_host_key(path: &Path) -> Result<PrivateKey, SshError> {
    match railtop_core::files::read_text(path, MAX_KEY_FILE_BYTES) {
        Ok(text) => {
            PrivateKey::from_openssh(text.as_bytes()).map_err(|source| SshError::BadHostKey {
                path: path.to_path_buf(),
                source,
            })
        }
        Err(e) if e.is_missing() => create_host_key(path),
        Err(source) => Err(SshError::Read {
            what: "cannot read the host key",
            source,
        }),
    }
}

fn create_host_key(path: &Path) -> Result<PrivateKey, SshError> {
    let key =
        PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(SshError::MakeKey)?;
    let text = key.to_openssh(LineEnding::LF).map_err(SshError::MakeKey)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.exists() {
            // Said, not done silently: a typo in --host-key makes folders the operator did not ask for.
            tracing::warn!(folder = %dir.display(), "made the host key's folder, which did not exist");
        }
        std::fs::create_dir_all(dir).map_err(file_error("cannot create", dir))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .map_err(file_error("cannot write the host key", path))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(file_error("cannot write the host key", path))?;
    tracing::info!(path = %path.display(), "made a new host key");
    Ok(key)
}

/// The public keys of an `authorized_keys` file (options before a key are accepted and ignored).
pub fn read_authorized_keys(path: &Path) -> Result<Vec<PublicKey>, SshError> {
    let text = railtop_core::files::read_text(path, MAX_KEY_FILE_BYTES).map_err(|source| {
        SshError::Read {
            what: "cannot read the authorized keys",
            source,
        }
    })?;
    let mut keys = Vec::new();
    for (number, entry) in AuthorizedKeys::new(&text).enumerate() {
        let entry = entry.map_err(|source| SshError::BadAuthorizedKey {
            path: path.to_path_buf(),
            entry: number + 1,
            source,
        })?;
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(SshError::NoAuthorizedKeys {
            path: path.to_path_buf(),
        });
    }
    Ok(keys)
}

/// Whether `key` is one of `allowed` (the key itself; comments do not matter).
pub(crate) fn is_allowed(allowed: &[PublicKey], key: &PublicKey) -> bool {
    allowed.iter().any(|k| k.key_data() == key.key_data())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_key_is_made_once_private_and_then_reused() {
        let dir = std::env::temp_dir().join(format!("railtop-hostkey-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("state").join("host_key");
        let first = load_or_create_host_key(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let again = load_or_create_host_key(&path).unwrap();
        assert_eq!(first.public_key(), again.public_key());
        std::fs::write(&path, "not a key").unwrap();
        let err = load_or_create_host_key(&path).unwrap_err();
        assert!(
            err.to_string().contains("not an OpenSSH private key"),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn authorized_keys_are_read_with_options_and_comments() {
        let dir = std::env::temp_dir().join(format!("railtop-authkeys-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
        let b = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
        let path = dir.join("authorized_keys");
        std::fs::write(
            &path,
            format!(
                "# the café's screen\n{}\nno-pty {} laptop\n",
                a.public_key().to_openssh().unwrap(),
                b.public_key().to_openssh().unwrap()
            ),
        )
        .unwrap();
        let keys = read_authorized_keys(&path).unwrap();
        assert_eq!(keys.len(), 2);
        assert!(is_allowed(&keys, a.public_key()));
        let stranger = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
        assert!(!is_allowed(&keys, stranger.public_key()));
        std::fs::write(&path, "ssh-ed25519 garbage\n").unwrap();
        assert!(read_authorized_keys(&path).is_err());
        std::fs::write(&path, "\n# nothing\n").unwrap();
        assert!(read_authorized_keys(&path)
            .unwrap_err()
            .to_string()
            .contains("no keys"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
