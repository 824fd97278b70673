//! The OpenAPI examples: copies of golden requests.

/// The crate's copies of golden requests stay byte for byte the golden
/// files, so each example answers as its golden response says.
#[test]
fn openapi_examples_are_the_golden_requests() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let dir = format!("{root}/crates/contract/openapi-examples");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let golden = std::fs::read(format!("{root}/tests/golden/{name}")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), golden, "{name}");
        n += 1;
    }
    assert_eq!(n, 4);
}
