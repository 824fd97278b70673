//! One listening socket: binding it, its connection cap (lowered to fit
//! the open-file limit), and the accept loop that gives each connection a
//! slot or sheds it with a 503.

use super::config::ServeConfig;
use super::connection::Connection;
use super::handshakes;
use crate::edge::config::LogEvery;
use crate::edge::state::AppState;
use crate::settings::defaults::MAX_CONNECTIONS_CEILING;
use axum::Router;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::{watch, Notify, Semaphore};

/// How long handshakes under way when the listener stops taking new ones
/// have to finish (a round trip; on loopback a few microseconds).
const HANDSHAKE_WAIT: Duration = Duration::from_millis(20);
/// File descriptors kept free below the open-file limit (logs, the
/// listener, the admin listener, a shed connection being answered).
const FD_RESERVE: u64 = 64;
/// The answer to a connection over the cap: written without waiting (a
/// full socket buffer just drops it) and the connection closed.
const SHED_RESPONSE: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/problem+json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: 117\r\n\r\n{\"type\":\"about:blank\",\"title\":\"Service Unavailable\",\"status\":503,\"detail\":\"too many open connections: retry shortly\"}";

/// Why serving failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ServeError {
    #[error(
        "cannot listen on {addr}: the address is in use (choose another with {flag} or {var})"
    )]
    AddrInUse {
        addr: String,
        flag: &'static str,
        var: &'static str,
    },
    #[error("cannot listen on {addr}: {source} (set another address with {flag} or {var})")]
    Bind {
        addr: String,
        flag: &'static str,
        var: &'static str,
        source: std::io::Error,
    },
    #[error("cannot install the signal handlers: {0}")]
    Signals(std::io::Error),
}

/// Bind `addr` and listen with a queue of `backlog` handshakes; the error
/// names the address and the flag and variable that set it.
///
/// `TcpListener::bind` listens with a queue of 128 (as the standard
/// library does), and a burst of more clients than that, while the accept
/// loop is busy, overflows it: the kernel then drops their handshakes or
/// answers with SYN cookies, and some are reset after their first bytes
/// (20 of 400 clients in the memory attack test, never seen by the
/// service). The caller gives the connection cap, so every client the
/// service would serve can wait its turn (the kernel lowers it to
/// `net.core.somaxconn`, 4,096 by default).
pub(crate) async fn bind(
    addr: &str,
    flag: &'static str,
    var: &'static str,
    backlog: u32,
) -> Result<TcpListener, ServeError> {
    listen(addr, backlog).await.map_err(|source| {
        if source.kind() == std::io::ErrorKind::AddrInUse {
            ServeError::AddrInUse {
                addr: addr.to_string(),
                flag,
                var,
            }
        } else {
            ServeError::Bind {
                addr: addr.to_string(),
                flag,
                var,
                source,
            }
        }
    })
}

/// The first of `addr`'s addresses that binds, listening with `backlog`,
/// as `TcpListener::bind` does with its fixed queue.
async fn listen(addr: &str, backlog: u32) -> std::io::Result<TcpListener> {
    let mut last = None;
    for a in tokio::net::lookup_host(addr).await? {
        let socket = if a.is_ipv4() {
            TcpSocket::new_v4()?
        } else {
            TcpSocket::new_v6()?
        };
        // As `TcpListener::bind` does: a restarted server binds at once.
        #[cfg(unix)]
        socket.set_reuseaddr(true)?;
        match socket.bind(a).and_then(|()| socket.listen(backlog)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "no address to listen on")
    }))
}

/// The connection cap actually used: the configured one, lowered to what
/// the open-file limit leaves (1,024 is a common container default), so the
/// cap is reached, and sheds, before `accept` starts failing.
pub(crate) fn effective_max_connections(configured: usize) -> usize {
    let configured = configured.min(MAX_CONNECTIONS_CEILING);
    let limit = open_file_limit().map(|n| n.saturating_sub(FD_RESERVE).max(1));
    match limit {
        Some(n) => configured
            .min(usize::try_from(n).unwrap_or(usize::MAX))
            .max(1),
        None => configured.max(1),
    }
}

/// The soft open-file limit from `/proc/self/limits` (Linux), without `libc`.
fn open_file_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// One listening socket's connections: its cap, and the signal that asks
/// quiet connections to make room.
#[derive(Clone)]
pub(super) struct Listener {
    /// `public` or `admin`, the label of its connections gauge.
    name: &'static str,
    config: Arc<ServeConfig>,
    max: usize,
    slots: Arc<Semaphore>,
    pressure: Arc<Notify>,
    draining: Arc<AtomicBool>,
    state: AppState,
}

impl Listener {
    pub(super) fn new(
        name: &'static str,
        config: &Arc<ServeConfig>,
        draining: Arc<AtomicBool>,
        state: AppState,
    ) -> Listener {
        let max = effective_max_connections(config.max_connections);
        Listener {
            name,
            config: config.clone(),
            max,
            slots: Arc::new(Semaphore::new(max)),
            pressure: Arc::new(Notify::new()),
            draining,
            state,
        }
    }

    /// Every connection of this listener has closed.
    pub(super) async fn closed(&self) {
        let all = u32::try_from(self.max).unwrap_or(u32::MAX);
        let _ = self.slots.acquire_many(all).await;
    }

    /// Accepts until the drain stops it, then closes the listener without
    /// losing a connection the kernel accepted for us ([`Listener::close`]).
    pub(super) async fn accept_loop(
        self,
        listener: TcpListener,
        app: Router,
        mut stop: watch::Receiver<bool>,
    ) {
        let accept_errors = LogEvery::new(Duration::from_secs(10), 1);
        let sheds = LogEvery::new(Duration::from_secs(10), 1);
        loop {
            let accepted = tokio::select! {
                _ = stop.wait_for(|s| *s) => break,
                r = listener.accept() => r,
            };
            match accepted {
                Ok((stream, _)) => self.admit(stream, &app, &stop, &sheds).await,
                Err(e) => {
                    // Out of file descriptors or memory: wait a little
                    // rather than spin; the connections' own timeouts free
                    // descriptors.
                    if let Some(skipped) = accept_errors.allow() {
                        tracing::warn!(error = %e, skipped, "accept failed");
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        }
        self.close(listener, &app, &stop, &sheds).await;
    }

    /// The listener's close at the end of the linger. Closing a listener
    /// resets every connection the kernel has accepted but we have not
    /// (and a client may have written its request on one), so: new
    /// handshakes are refused first, those under way are given
    /// [`HANDSHAKE_WAIT`] to finish, whatever the kernel then holds is
    /// taken, and only then does the socket close. Each is served like any
    /// other; its answer says `Connection: close`.
    async fn close(
        &self,
        listener: TcpListener,
        app: &Router,
        stop: &watch::Receiver<bool>,
        sheds: &LogEvery,
    ) {
        let refused = handshakes::refuse_new(&listener);
        if let Err(e) = &refused {
            tracing::warn!(error = %e, "new connections could not be refused before the close");
        }
        let wait = tokio::time::sleep(HANDSHAKE_WAIT);
        tokio::pin!(wait);
        loop {
            tokio::select! {
                _ = &mut wait => break,
                r = listener.accept() => match r {
                    Ok((stream, _)) => self.admit(stream, app, stop, sheds).await,
                    Err(_) => break,
                },
            }
        }
        let Ok(listener) = listener.into_std() else {
            return;
        };
        let mut taken = 0usize;
        while let Ok((stream, _)) = listener.accept() {
            // An accepted socket does not inherit the listener's O_NONBLOCK.
            let stream = stream
                .set_nonblocking(true)
                .and_then(|()| TcpStream::from_std(stream));
            if let Ok(stream) = stream {
                taken += 1;
                self.admit(stream, app, stop, sheds).await;
            }
        }
        tracing::debug!(
            listener = self.name,
            taken,
            "listener closed after taking what the kernel held"
        );
    }

    /// A new connection: served in a slot of its own, or, over the cap,
    /// answered 503 at once and closed.
    async fn admit(
        &self,
        stream: TcpStream,
        app: &Router,
        stop: &watch::Receiver<bool>,
        sheds: &LogEvery,
    ) {
        match self.slot().await {
            Some(permit) => {
                let open = self.state.metrics.connection_opened(self.name);
                let conn = Connection {
                    config: self.config.clone(),
                    pressure: self.pressure.clone(),
                    draining: self.draining.clone(),
                    stop: stop.clone(),
                    state: self.state.clone(),
                };
                tokio::spawn(conn.run(stream, app.clone(), (permit, open)));
            }
            None => {
                self.state
                    .record_unavailable(crate::edge::metrics::Unavailable::ConnectionCap);
                if let Some(skipped) = sheds.allow() {
                    tracing::warn!(
                        max_connections = self.max,
                        skipped,
                        "connection cap reached: new connection answered 503"
                    );
                }
                let _ = stream.try_write(SHED_RESPONSE);
            }
        }
    }

    /// A connection slot: a free one, else one a quiet connection gives up
    /// within a few milliseconds, else none (the new connection is shed).
    async fn slot(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        if let Ok(p) = self.slots.clone().try_acquire_owned() {
            return Some(p);
        }
        self.pressure.notify_waiters();
        tokio::time::timeout(Duration::from_millis(5), self.slots.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shed_response_content_length_matches_its_body() {
        let text = std::str::from_utf8(SHED_RESPONSE).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let declared: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(declared, body.len());
        let problem: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(problem["status"], 503);
    }

    #[tokio::test]
    async fn a_burst_of_handshakes_waits_in_the_backlog_while_none_is_accepted() {
        // 300 clients at once, more than the 128 of `TcpListener::bind`:
        // with that queue the kernel drops the handshakes past it, and
        // their clients wait a second to try again. (A kernel whose
        // net.core.somaxconn is below the queue asked for lowers it: 128
        // before Linux 5.4, 4,096 since.)
        let somaxconn = std::fs::read_to_string("/proc/sys/net/core/somaxconn");
        if somaxconn.is_ok_and(|n| n.trim().parse().is_ok_and(|n: u32| n < 512)) {
            eprintln!("skipped: net.core.somaxconn is below 512");
            return;
        }
        let listener = bind("127.0.0.1:0", "--addr", "SHOWDOWN_ADDR", 512)
            .await
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let clients = (0..300).map(|_| async move {
            let connect = TcpStream::connect(addr);
            tokio::time::timeout(Duration::from_millis(500), connect).await
        });
        let connected = futures_util::future::join_all(clients).await;
        let waiting = connected.iter().filter(|c| !matches!(c, Ok(Ok(_)))).count();
        assert_eq!(waiting, 0, "{waiting} of 300 handshakes not done in 500 ms");
    }

    #[test]
    fn connection_cap_stays_below_the_open_file_limit() {
        let cap = effective_max_connections(usize::MAX);
        if let Some(limit) = open_file_limit() {
            assert!((cap as u64) < limit);
        }
        assert!(cap >= 1);
        assert_eq!(effective_max_connections(3), 3);
        assert_eq!(effective_max_connections(0), 1);
        assert!(effective_max_connections(usize::MAX) <= MAX_CONNECTIONS_CEILING);
    }
}
