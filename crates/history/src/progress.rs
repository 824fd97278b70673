//! How a long read tells of its progress (`showdown replay`'s bar): the
//! history crate counts the files, the command line draws them.

/// Told of the files a replay reads, so a terminal can show its progress;
/// `()` tells nobody.
pub trait Progress: Sync {
    /// `files` more files (or archive entries) are to be read.
    fn found(&self, files: u64) {
        let _ = files;
    }
    /// One more has been read.
    fn done(&self) {}
}

impl Progress for () {}

/// Tells its progress of one file done when dropped, however the file's
/// check ends.
pub(crate) struct Done<'p>(pub(crate) &'p dyn Progress);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.done();
    }
}
