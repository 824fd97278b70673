//! Optional access control: bearer tokens from `SHOWDOWN_AUTH_TOKENS_FILE`
//! or `SHOWDOWN_AUTH_TOKENS`, compared in constant time; a request without a
//! valid one is a 401 problem+json with `WWW-Authenticate: Bearer`.
//! `/healthz` and `/readyz` never need one (a kubelet probe carries no
//! token). Off unless tokens are configured.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use subtle::ConstantTimeEq;

/// The tokens the API asks for, and whether this router serves `/metrics`.
#[derive(Clone, PartialEq, Eq)]
pub struct AuthConfig {
    /// Empty: no token needed (the default).
    tokens: Arc<Vec<Vec<u8>>>,
    /// False when `/metrics` is served on a separate admin address instead.
    pub metrics_public: bool,
}

impl Default for AuthConfig {
    fn default() -> Self {
        AuthConfig {
            tokens: Arc::new(Vec::new()),
            metrics_public: true,
        }
    }
}

/// Never prints the tokens themselves.
impl std::fmt::Debug for AuthConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthConfig")
            .field("tokens", &self.tokens.len())
            .field("metrics_public", &self.metrics_public)
            .finish()
    }
}

/// Why the tokens could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("cannot read the token file {path} (SHOWDOWN_AUTH_TOKENS_FILE): {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{origin} names no token: refusing to serve without the access control it asks for")]
    Empty { origin: &'static str },
}

/// Tokens are separated by whitespace or commas; in a file, a line starting
/// with `#` is a comment.
fn split_tokens(text: &str) -> impl Iterator<Item = Vec<u8>> + '_ {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(|l| l.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|t| !t.is_empty())
        .map(|t| t.as_bytes().to_vec())
}

impl AuthConfig {
    /// Tokens from a file and a list (either may be absent); both absent is
    /// the open default. A file or list that is given but names no token is
    /// an error, so a typo never turns access control off.
    pub fn load(file: Option<&Path>, list: Option<&str>) -> Result<AuthConfig, AuthError> {
        let mut tokens = Vec::new();
        if let Some(path) = file {
            let text = std::fs::read_to_string(path).map_err(|source| AuthError::Read {
                path: path.to_path_buf(),
                source,
            })?;
            let before = tokens.len();
            tokens.extend(split_tokens(&text));
            if tokens.len() == before {
                return Err(AuthError::Empty {
                    origin: "SHOWDOWN_AUTH_TOKENS_FILE",
                });
            }
        }
        if let Some(list) = list {
            let before = tokens.len();
            tokens.extend(split_tokens(list));
            if tokens.len() == before {
                return Err(AuthError::Empty {
                    origin: "SHOWDOWN_AUTH_TOKENS",
                });
            }
        }
        Ok(AuthConfig {
            tokens: Arc::new(tokens),
            metrics_public: true,
        })
    }

    /// Whether any token is required.
    pub(crate) fn enabled(&self) -> bool {
        !self.tokens.is_empty()
    }

    /// Whether `given` is one of the tokens. Every token is compared, each
    /// in constant time, so the time taken says nothing about which bytes
    /// matched.
    pub(super) fn accepts(&self, given: &[u8]) -> bool {
        let mut ok = subtle::Choice::from(0);
        for t in self.tokens.iter() {
            ok |= t.as_slice().ct_eq(given);
        }
        ok.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_come_from_lists_and_files_and_empty_ones_are_errors() {
        let off = AuthConfig::load(None, None).unwrap();
        assert!(!off.enabled());
        let on = AuthConfig::load(None, Some("alpha, beta\ngamma")).unwrap();
        assert!(on.accepts(b"alpha") && on.accepts(b"beta") && on.accepts(b"gamma"));
        assert!(!on.accepts(b"alph") && !on.accepts(b"alphaa") && !on.accepts(b""));
        assert!(matches!(
            AuthConfig::load(None, Some(" , ")),
            Err(AuthError::Empty { .. })
        ));
        let dir = std::env::temp_dir().join(format!("showdown-auth-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("tokens");
        std::fs::write(&file, "# ops\ns3cret\n").unwrap();
        let from_file = AuthConfig::load(Some(&file), None).unwrap();
        assert!(from_file.accepts(b"s3cret") && !from_file.accepts(b"# ops"));
        std::fs::write(&file, "# nothing\n").unwrap();
        assert!(matches!(
            AuthConfig::load(Some(&file), None),
            Err(AuthError::Empty { .. })
        ));
        assert!(matches!(
            AuthConfig::load(Some(&dir.join("missing")), None),
            Err(AuthError::Read { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(!format!("{on:?}").contains("alpha"));
    }
}
