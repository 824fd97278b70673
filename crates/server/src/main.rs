//! The `showdown` binary.

fn main() {
    println!("showdown: service not built yet");
}
