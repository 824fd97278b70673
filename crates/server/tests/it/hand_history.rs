//! The worked requests of openapi/HAND-HISTORY.md: the files of
//! tests/hand-history/ are the page's blocks as they are, one a file
//! (`docs_examples` sends each block and compares the stacks, or the 422,
//! the page shows after it), and the README links the page.

use crate::docs_examples::read;
use serde_json::Value;

#[test]
fn every_file_of_the_folder_is_a_request_the_page_shows_as_it_is() {
    let page = read("openapi/HAND-HISTORY.md");
    let shown: Vec<Value> = page
        .examples
        .iter()
        .map(|e| serde_json::from_slice(&e.request.body).unwrap())
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hand-history");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert!(
            shown.contains(&file),
            "HAND-HISTORY.md shows no request equal to {}",
            path.display()
        );
        files += 1;
    }
    assert_eq!(shown.len(), files, "one request a file");
}

#[test]
fn the_readme_stays_within_300_lines_and_links_the_page() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"),
    )
    .unwrap();
    assert!(
        readme.lines().count() <= 300,
        "{} lines",
        readme.lines().count()
    );
    assert!(readme.contains("openapi/HAND-HISTORY.md"));
}
