//! Prometheus metrics from plain atomics (API.md, `GET /metrics`).
//!
//! Why not a metrics crate: the hot path must stay close to a bare axum
//! server (load test: throughput >= 0.8 of it). Recording a request is a
//! lock-free scan of the route table and three relaxed atomic adds on this
//! worker thread's own stripe; no allocation, no string formatting, no cache
//! line shared between cores. Rendering (rare) does the work.
//! Latencies are kept in whole microseconds and printed as decimal seconds
//! without floating point.

use axum::http::StatusCode;
use showdown_cards::VariantId;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Upper bounds of the latency buckets, in microseconds (100 µs .. 10 s).
pub const LATENCY_BUCKETS_US: [u64; 16] = [
    100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000,
    1_000_000, 2_500_000, 5_000_000, 10_000_000,
];

/// The route label of requests no route matched (404s), so unknown paths
/// cannot blow up the label set.
pub const UNMATCHED: &str = "unmatched";

/// Stripes of the counters: each worker thread counts in its own stripe, on
/// its own cache lines, and rendering sums them. With one shared counter the
/// two cores of the load machine passed its cache line back and forth on
/// every request. More threads than stripes share stripes (still exact).
pub const SHARDS: usize = 4;

/// A value alone on its cache lines (128 bytes: two lines, as adjacent-line
/// prefetch pairs them).
#[derive(Debug, Default)]
#[repr(align(128))]
pub struct Padded<T>(pub T);

/// This thread's stripe, handed out round-robin on first use.
pub fn shard() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static SHARD: usize = NEXT.fetch_add(1, Relaxed) % SHARDS;
    }
    SHARD.with(|s| *s)
}

/// One `T` per stripe.
struct Striped<T>(Box<[Padded<T>]>);

impl<T> Striped<T> {
    fn new(make: impl Fn() -> T) -> Striped<T> {
        Striped((0..SHARDS).map(|_| Padded(make())).collect())
    }

    fn local(&self) -> &T {
        &self.0[shard()].0
    }

    fn sum(&self, f: impl Fn(&T) -> u64) -> u64 {
        self.0.iter().map(|p| f(&p.0)).sum()
    }
}

/// The counters of one route in one stripe.
struct RouteCounters {
    /// Index: status code - 100 (100..=599).
    by_status: Box<[AtomicU64]>,
    /// Cumulative counts are computed at render time; these are per bucket,
    /// the last one is +Inf.
    buckets: [AtomicU64; LATENCY_BUCKETS_US.len() + 1],
    sum_us: AtomicU64,
}

/// Counters of one route.
pub struct RouteStats {
    name: String,
    counters: Striped<RouteCounters>,
}

impl RouteStats {
    fn new(name: &str) -> RouteStats {
        RouteStats {
            name: name.to_string(),
            counters: Striped::new(|| RouteCounters {
                by_status: (100..600).map(|_| AtomicU64::new(0)).collect(),
                buckets: std::array::from_fn(|_| AtomicU64::new(0)),
                sum_us: AtomicU64::new(0),
            }),
        }
    }

    /// The route's label: its path pattern, or [`UNMATCHED`].
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Count one finished request.
    pub fn record(&self, status: StatusCode, elapsed: Duration) {
        let c = self.counters.local();
        let s = usize::from(status.as_u16()).clamp(100, 599) - 100;
        c.by_status[s].fetch_add(1, Relaxed);
        let us = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
        let b = LATENCY_BUCKETS_US.partition_point(|&le| le < us);
        c.buckets[b].fetch_add(1, Relaxed);
        c.sum_us.fetch_add(us, Relaxed);
    }
}

/// Routes a process can label; the router has about a dozen, and unknown
/// paths all count as [`UNMATCHED`], so this is never reached (were it, the
/// routes beyond count as [`OVERFLOW`]).
const MAX_ROUTES: usize = 64;

/// The label of routes beyond [`MAX_ROUTES`] - 1.
pub const OVERFLOW: &str = "other";

/// Settlement counters of one stripe.
struct SettleCounters {
    settlements: [AtomicU64; VariantId::ALL.len()],
    ties: AtomicU64,
    odd_chips: AtomicU64,
    rejected: AtomicU64,
}

/// Every metric of the service.
pub struct Metrics {
    /// Append-only: a route's slot is set once, under `adding`, and read
    /// without a lock (a `RwLock` read is a write to the lock's cache line,
    /// shared by every core).
    routes: Box<[OnceLock<RouteStats>]>,
    adding: Mutex<()>,
    settle: Striped<SettleCounters>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            routes: (0..MAX_ROUTES).map(|_| OnceLock::new()).collect(),
            adding: Mutex::new(()),
            settle: Striped::new(|| SettleCounters {
                settlements: std::array::from_fn(|_| AtomicU64::new(0)),
                ties: AtomicU64::new(0),
                odd_chips: AtomicU64::new(0),
                rejected: AtomicU64::new(0),
            }),
        }
    }
}

impl Metrics {
    /// The counters of a route (`None`: no route matched), added on first use.
    pub fn route(&self, matched: Option<&str>) -> &RouteStats {
        if let Some(r) = self.find(matched) {
            return r;
        }
        let name = matched.unwrap_or(UNMATCHED);
        let _adding = self.adding.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = self.find_route(name) {
            return r;
        }
        // The last slot is kept for OVERFLOW, so a full table never puts one
        // route's requests under another's name.
        match self.routes[..MAX_ROUTES - 1]
            .iter()
            .find(|slot| slot.get().is_none())
        {
            Some(slot) => slot.get_or_init(|| RouteStats::new(name)),
            None => self.routes[MAX_ROUTES - 1].get_or_init(|| {
                tracing::warn!(
                    route = name,
                    "metrics: route table full, counting the rest as {OVERFLOW:?}"
                );
                RouteStats::new(OVERFLOW)
            }),
        }
    }

    /// The counters of a route if it has any yet (lock-free).
    pub fn find(&self, matched: Option<&str>) -> Option<&RouteStats> {
        self.find_route(matched.unwrap_or(UNMATCHED))
    }

    /// The route named `name`, or OVERFLOW once the table is full.
    fn find_route(&self, name: &str) -> Option<&RouteStats> {
        self.routes[..MAX_ROUTES - 1]
            .iter()
            .map_while(OnceLock::get)
            .find(|r| r.name == name)
            .or_else(|| self.routes[MAX_ROUTES - 1].get())
    }

    /// Count one finished request.
    pub fn record_request(&self, route: &str, status: StatusCode, elapsed: Duration) {
        self.route(Some(route)).record(status, elapsed);
    }

    /// Count one settled hand.
    pub fn record_settlement(&self, variant: VariantId, tie: bool, odd_chips: u64) {
        let c = self.settle.local();
        if let Some(i) = VariantId::ALL.iter().position(|&v| v == variant) {
            c.settlements[i].fetch_add(1, Relaxed);
        }
        if tie {
            c.ties.fetch_add(1, Relaxed);
        }
        if odd_chips > 0 {
            c.odd_chips.fetch_add(odd_chips, Relaxed);
        }
    }

    /// Count one request turned away by validation (422).
    pub fn record_rejection(&self) {
        self.settle.local().rejected.fetch_add(1, Relaxed);
    }

    /// The Prometheus text exposition format (version 0.0.4).
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(4096);
        let mut routes: Vec<&RouteStats> = self.routes.iter().map_while(OnceLock::get).collect();
        routes.sort_by(|a, b| a.name.cmp(&b.name));

        out.push_str("# HELP showdown_http_requests_total HTTP requests by route and status.\n");
        out.push_str("# TYPE showdown_http_requests_total counter\n");
        for stats in &routes {
            for i in 0..500 {
                let n = stats.counters.sum(|c| c.by_status[i].load(Relaxed));
                if n > 0 {
                    let _ = writeln!(
                        out,
                        "showdown_http_requests_total{{route=\"{}\",status=\"{}\"}} {n}",
                        escape(&stats.name),
                        i + 100
                    );
                }
            }
        }

        out.push_str("# HELP showdown_http_request_duration_seconds Time from request to response, by route.\n");
        out.push_str("# TYPE showdown_http_request_duration_seconds histogram\n");
        for stats in &routes {
            let route = escape(&stats.name);
            let mut cumulative = 0u64;
            for i in 0..=LATENCY_BUCKETS_US.len() {
                cumulative += stats.counters.sum(|c| c.buckets[i].load(Relaxed));
                let le = LATENCY_BUCKETS_US
                    .get(i)
                    .map_or_else(|| "+Inf".to_string(), |&us| seconds(us));
                let _ = writeln!(
                    out,
                    "showdown_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"{le}\"}} {cumulative}"
                );
            }
            let _ = writeln!(
                out,
                "showdown_http_request_duration_seconds_sum{{route=\"{route}\"}} {}",
                seconds(stats.counters.sum(|c| c.sum_us.load(Relaxed)))
            );
            let _ = writeln!(
                out,
                "showdown_http_request_duration_seconds_count{{route=\"{route}\"}} {cumulative}"
            );
        }

        out.push_str("# HELP showdown_settlements_total Hands settled, by variant.\n");
        out.push_str("# TYPE showdown_settlements_total counter\n");
        for (i, v) in VariantId::ALL.iter().enumerate() {
            let _ = writeln!(
                out,
                "showdown_settlements_total{{variant=\"{v}\"}} {}",
                self.settle.sum(|c| c.settlements[i].load(Relaxed))
            );
        }
        let sum = |f: fn(&SettleCounters) -> &AtomicU64| self.settle.sum(|c| f(c).load(Relaxed));
        counter(
            &mut out,
            "showdown_ties_total",
            "Settled hands where a pot or half was shared by equal hands.",
            sum(|c| &c.ties),
        );
        counter(
            &mut out,
            "showdown_odd_chips_total",
            "Odd chip units handed out by splits (TDA 19).",
            sum(|c| &c.odd_chips),
        );
        counter(
            &mut out,
            "showdown_invalid_hands_total",
            "Settle requests rejected as impossible hands (422).",
            sum(|c| &c.rejected),
        );
        out
    }
}

/// A counter without labels: its HELP and TYPE lines and its value.
fn counter(out: &mut String, name: &str, help: &str, value: u64) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} counter");
    let _ = writeln!(out, "{name} {value}");
}

/// Microseconds as decimal seconds, without floats: 2500 -> "0.0025".
fn seconds(us: u64) -> String {
    let frac = format!("{:06}", us % 1_000_000);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        format!("{}", us / 1_000_000)
    } else {
        format!("{}.{frac}", us / 1_000_000)
    }
}

/// Label values escape backslash, quote and newline (exposition format).
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latency_buckets_print_as_decimal_seconds_without_floats() {
        assert_eq!(seconds(100), "0.0001");
        assert_eq!(seconds(2_500), "0.0025");
        assert_eq!(seconds(1_000_000), "1");
        assert_eq!(seconds(2_500_000), "2.5");
    }

    #[test]
    fn counts_from_many_threads_add_up_across_the_stripes() {
        let m = Metrics::default();
        std::thread::scope(|s| {
            for _ in 0..(SHARDS + 3) {
                s.spawn(|| {
                    for _ in 0..100 {
                        m.record_request("/v1/settle", StatusCode::OK, Duration::from_micros(50));
                        m.record_settlement(VariantId::ALL[0], true, 1);
                    }
                    m.record_rejection();
                });
            }
        });
        let n = 100 * (SHARDS + 3);
        let text = m.render();
        assert!(text.contains(&format!(
            "showdown_http_requests_total{{route=\"/v1/settle\",status=\"200\"}} {n}\n"
        )));
        assert!(text.contains(&format!(
            "showdown_http_request_duration_seconds_count{{route=\"/v1/settle\"}} {n}\n"
        )));
        assert!(text.contains(&format!("showdown_ties_total {n}\n")));
        assert!(text.contains(&format!("showdown_odd_chips_total {n}\n")));
        assert!(text.contains(&format!("showdown_invalid_hands_total {}\n", SHARDS + 3)));
        assert_eq!(m.routes.iter().map_while(OnceLock::get).count(), 1);
    }

    #[test]
    fn a_full_route_table_counts_the_rest_as_other_never_under_another_name() {
        let m = Metrics::default();
        for i in 0..MAX_ROUTES + 5 {
            m.record_request(&format!("/r{i}"), StatusCode::OK, Duration::from_micros(5));
        }
        let text = m.render();
        let last = MAX_ROUTES - 2;
        assert!(text.contains(&format!(
            "showdown_http_requests_total{{route=\"/r{last}\",status=\"200\"}} 1\n"
        )));
        assert!(!text.contains(&format!("route=\"/r{}\"", last + 1)));
        assert!(text.contains("showdown_http_requests_total{route=\"other\",status=\"200\"} 6\n"));
    }

    #[test]
    fn histogram_buckets_are_cumulative_and_count_matches() {
        let m = Metrics::default();
        m.record_request("/v1/settle", StatusCode::OK, Duration::from_micros(50));
        m.record_request("/v1/settle", StatusCode::OK, Duration::from_micros(300));
        m.record_request(
            "/v1/settle",
            StatusCode::UNPROCESSABLE_ENTITY,
            Duration::from_secs(20),
        );
        let text = m.render();
        assert!(
            text.contains("showdown_http_requests_total{route=\"/v1/settle\",status=\"200\"} 2")
        );
        assert!(
            text.contains("showdown_http_requests_total{route=\"/v1/settle\",status=\"422\"} 1")
        );
        assert!(text.contains(
            "showdown_http_request_duration_seconds_bucket{route=\"/v1/settle\",le=\"0.0001\"} 1"
        ));
        assert!(text.contains(
            "showdown_http_request_duration_seconds_bucket{route=\"/v1/settle\",le=\"0.0005\"} 2"
        ));
        assert!(text.contains(
            "showdown_http_request_duration_seconds_bucket{route=\"/v1/settle\",le=\"+Inf\"} 3"
        ));
        assert!(
            text.contains("showdown_http_request_duration_seconds_count{route=\"/v1/settle\"} 3")
        );
    }
}
