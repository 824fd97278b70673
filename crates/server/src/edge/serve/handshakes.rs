//! Refusing new connections on a listener that stays open a moment
//! longer, so the kernel's queue of accepted connections stops growing
//! and can be emptied before the close.
//!
//! Linux: a socket filter (a two-line classic BPF program) drops every
//! packet that opens a handshake (SYN without ACK); the ACKs that finish
//! handshakes under way still pass. A client's SYN then goes unanswered
//! until the listener is gone, and its retry is refused: it never writes a
//! request the service cannot answer. Elsewhere nothing is refused, and the
//! queue is emptied as it stands.

use tokio::net::TcpListener;

/// Refuses new handshakes on `listener` from now on.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn refuse_new(listener: &TcpListener) -> std::io::Result<()> {
    use socket2::{SockFilter, SockRef};
    // Classic BPF over the TCP header (a socket filter sees the packet
    // from its transport header).
    const LDB_ABS: u16 = 0x30; // A = byte at k
    const AND_K: u16 = 0x54; // A &= k
    const JEQ_K: u16 = 0x15; // if A == k skip jt else skip jf
    const RET_K: u16 = 0x06; // keep k bytes (0: drop)
    const FLAGS: u32 = 13; // the TCP flags byte
    const SYN: u32 = 0x02;
    const ACK: u32 = 0x10;
    let program = [
        SockFilter::new(LDB_ABS, 0, 0, FLAGS),
        SockFilter::new(AND_K, 0, 0, SYN | ACK),
        SockFilter::new(JEQ_K, 0, 1, SYN),
        SockFilter::new(RET_K, 0, 0, 0),
        SockFilter::new(RET_K, 0, 0, u32::MAX),
    ];
    SockRef::from(listener).attach_filter(&program)
}

/// Elsewhere: nothing is refused (see the module doc).
#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub(super) fn refuse_new(_listener: &TcpListener) -> std::io::Result<()> {
    Ok(())
}
