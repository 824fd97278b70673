//! Draining an early answer: when the service answered a request and
//! closed its connection before reading its body (a 401, 413 or 503 on the
//! head alone), what the client still sends is read and dropped for a
//! moment after hyper has closed its side, so the client reads the answer.
//!
//! Closing a socket with unread bytes makes the kernel reset it, and a
//! client still sending its body then sees the reset, not the answer that
//! refused it. So hyper sends the answer and its FIN as usual; then, with
//! hyper's connection gone (its read and write buffers, 16 KiB or more,
//! need not wait a second with the socket), the bare socket reads and drops
//! what the client sends until it closes too, pauses for [`LINGER_QUIET`],
//! or [`LINGER_TIME`] or [`LINGER_BYTES`] run out, in a fixed buffer on the
//! stack. The connection keeps its slot meanwhile.

use std::future::Future;
use std::pin::Pin;
use std::task::Poll;
use std::time::Duration;
use tokio::io::{AsyncRead, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Instant;

/// Longest a socket drains a body it answered without reading.
const LINGER_TIME: Duration = Duration::from_secs(1);
/// It stops sooner when the client sends nothing for this long: a client
/// still writing its body writes without pause, and one that trickles or
/// stalls must not keep a connection slot.
const LINGER_QUIET: Duration = Duration::from_millis(100);
/// Most bytes it drains: the largest body a route takes, and a little more.
const LINGER_BYTES: u64 = 1024 * 1024 + 64 * 1024;

/// Reads and drops what the client sends on `socket`, whose answer and FIN
/// hyper has sent, until the client closes, or the time, the pause or the
/// bytes of the linger run out; then the socket closes.
pub(super) async fn drain(mut socket: TcpStream) {
    let until = Instant::now() + LINGER_TIME;
    let quiet = tokio::time::sleep(LINGER_QUIET);
    tokio::pin!(quiet);
    let mut drained = 0u64;
    std::future::poll_fn(|cx| {
        let mut scratch = [0u8; 8192];
        loop {
            if quiet.as_mut().poll(cx).is_ready() || drained > LINGER_BYTES {
                return Poll::Ready(());
            }
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut socket).poll_read(cx, &mut buf) {
                Poll::Ready(Ok(())) if !buf.filled().is_empty() => {
                    drained += buf.filled().len() as u64;
                    let next = (Instant::now() + LINGER_QUIET).min(until);
                    quiet.as_mut().reset(next);
                }
                // The client has closed, or the socket failed.
                Poll::Ready(_) => return Poll::Ready(()),
                Poll::Pending => return Poll::Pending,
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpSocket;

    /// A connected pair, (the server's side, the client's side), whose
    /// buffers hold far less than a large body (the kernel's own would hold
    /// a body of 1 MiB whole on loopback, and the test would prove nothing).
    async fn pair() -> (TcpStream, TcpStream) {
        let small = 16 * 1024;
        let listening = TcpSocket::new_v4().unwrap();
        listening.set_recv_buffer_size(small).unwrap();
        listening.bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let listener = listening.listen(8).unwrap();
        let connecting = TcpSocket::new_v4().unwrap();
        connecting.set_send_buffer_size(small).unwrap();
        let client = connecting.connect(listener.local_addr().unwrap());
        let (client, accepted) = tokio::join!(client, listener.accept());
        (accepted.unwrap().0, client.unwrap())
    }

    #[tokio::test]
    async fn a_client_still_writing_its_body_reads_the_answer_and_an_end() {
        let (mut server, mut client) = pair().await;
        server.write_all(b"answer").await.unwrap();
        server.shutdown().await.unwrap();
        let writer = tokio::spawn(async move {
            // Without the drain, the server's close on unread bytes resets
            // the connection and this write fails.
            client.write_all(&vec![b' '; 1024 * 1024]).await?;
            let mut answer = Vec::new();
            client.read_to_end(&mut answer).await?;
            Ok::<_, std::io::Error>(answer)
        });
        drain(server).await;
        assert_eq!(writer.await.unwrap().unwrap(), b"answer");
    }

    #[tokio::test]
    async fn a_silent_client_is_let_go_after_the_pause() {
        let (server, mut client) = pair().await;
        let start = Instant::now();
        drain(server).await;
        let took = start.elapsed();
        assert!(took >= LINGER_QUIET && took < LINGER_TIME, "{took:?}");
        let mut rest = Vec::new();
        client.read_to_end(&mut rest).await.unwrap();
        assert!(rest.is_empty(), "closed with nothing more sent");
    }
}
