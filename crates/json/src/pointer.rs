//! JSON Pointers (RFC 6901), the way every problem names its place.

/// A key as one step of a JSON Pointer (RFC 6901: `~` is `~0`, `/` is `~1`).
pub fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A serde path as a JSON Pointer (RFC 6901: `~` is `~0`, `/` is `~1`).
pub fn pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for seg in path.iter() {
        match seg {
            Segment::Seq { index } => {
                out.push('/');
                out.push_str(&index.to_string());
            }
            Segment::Map { key } | Segment::Enum { variant: key } => {
                out.push('/');
                out.push_str(&escape(key));
            }
            Segment::Unknown => {}
        }
    }
    out
}
