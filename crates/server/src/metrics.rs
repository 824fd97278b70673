//! Prometheus metrics from plain atomics (API.md, `GET /metrics`).
//!
//! Why not a metrics crate: the hot path must stay close to a bare axum
//! server (load test: throughput >= 0.8 of it). Recording a request is one
//! uncontended read lock on the route table and three relaxed atomic adds;
//! no allocation, no string formatting. Rendering (rare) does the work.
//! Latencies are kept in whole microseconds and printed as decimal seconds
//! without floating point.

use axum::http::StatusCode;
use showdown_cards::VariantId;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Upper bounds of the latency buckets, in microseconds (100 µs .. 10 s).
pub const LATENCY_BUCKETS_US: [u64; 16] = [
    100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000,
    1_000_000, 2_500_000, 5_000_000, 10_000_000,
];

/// The route label of requests no route matched (404s), so unknown paths
/// cannot blow up the label set.
pub const UNMATCHED: &str = "unmatched";

/// Counters of one route.
pub struct RouteStats {
    /// Index: status code - 100 (100..=599).
    by_status: Box<[AtomicU64]>,
    /// Cumulative counts are computed at render time; these are per bucket,
    /// the last one is +Inf.
    buckets: [AtomicU64; LATENCY_BUCKETS_US.len() + 1],
    sum_us: AtomicU64,
}

impl RouteStats {
    fn new() -> RouteStats {
        RouteStats {
            by_status: (100..600).map(|_| AtomicU64::new(0)).collect(),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            sum_us: AtomicU64::new(0),
        }
    }

    fn record(&self, status: StatusCode, elapsed: Duration) {
        let s = usize::from(status.as_u16()).clamp(100, 599) - 100;
        self.by_status[s].fetch_add(1, Relaxed);
        let us = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
        let b = LATENCY_BUCKETS_US.partition_point(|&le| le < us);
        self.buckets[b].fetch_add(1, Relaxed);
        self.sum_us.fetch_add(us, Relaxed);
    }
}

/// Every metric of the service.
pub struct Metrics {
    routes: RwLock<BTreeMap<String, Arc<RouteStats>>>,
    settlements: [AtomicU64; VariantId::ALL.len()],
    ties: AtomicU64,
    odd_chips: AtomicU64,
    rejected: AtomicU64,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            routes: RwLock::new(BTreeMap::new()),
            settlements: std::array::from_fn(|_| AtomicU64::new(0)),
            ties: AtomicU64::new(0),
            odd_chips: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
        }
    }
}

impl Metrics {
    /// Count one finished request.
    pub fn record_request(&self, route: &str, status: StatusCode, elapsed: Duration) {
        {
            let routes = self.routes.read().unwrap_or_else(|e| e.into_inner());
            if let Some(stats) = routes.get(route) {
                stats.record(status, elapsed);
                return;
            }
        }
        let stats = {
            let mut routes = self.routes.write().unwrap_or_else(|e| e.into_inner());
            routes
                .entry(route.to_string())
                .or_insert_with(|| Arc::new(RouteStats::new()))
                .clone()
        };
        stats.record(status, elapsed);
    }

    /// Count one settled hand.
    pub fn record_settlement(&self, variant: VariantId, tie: bool, odd_chips: u64) {
        if let Some(i) = VariantId::ALL.iter().position(|&v| v == variant) {
            self.settlements[i].fetch_add(1, Relaxed);
        }
        if tie {
            self.ties.fetch_add(1, Relaxed);
        }
        self.odd_chips.fetch_add(odd_chips, Relaxed);
    }

    /// Count one request turned away by validation (422).
    pub fn record_rejection(&self) {
        self.rejected.fetch_add(1, Relaxed);
    }

    /// The Prometheus text exposition format (version 0.0.4).
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(4096);
        let routes: Vec<(String, Arc<RouteStats>)> = self
            .routes
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();

        out.push_str("# HELP showdown_http_requests_total HTTP requests by route and status.\n");
        out.push_str("# TYPE showdown_http_requests_total counter\n");
        for (route, stats) in &routes {
            for (i, c) in stats.by_status.iter().enumerate() {
                let n = c.load(Relaxed);
                if n > 0 {
                    let _ = writeln!(
                        out,
                        "showdown_http_requests_total{{route=\"{}\",status=\"{}\"}} {n}",
                        escape(route),
                        i + 100
                    );
                }
            }
        }

        out.push_str("# HELP showdown_http_request_duration_seconds Time from request to response, by route.\n");
        out.push_str("# TYPE showdown_http_request_duration_seconds histogram\n");
        for (route, stats) in &routes {
            let route = escape(route);
            let mut cumulative = 0u64;
            for (i, b) in stats.buckets.iter().enumerate() {
                cumulative += b.load(Relaxed);
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
                seconds(stats.sum_us.load(Relaxed))
            );
            let _ = writeln!(
                out,
                "showdown_http_request_duration_seconds_count{{route=\"{route}\"}} {cumulative}"
            );
        }

        out.push_str("# HELP showdown_settlements_total Hands settled, by variant.\n");
        out.push_str("# TYPE showdown_settlements_total counter\n");
        for (v, c) in VariantId::ALL.iter().zip(&self.settlements) {
            let _ = writeln!(
                out,
                "showdown_settlements_total{{variant=\"{v}\"}} {}",
                c.load(Relaxed)
            );
        }
        out.push_str("# HELP showdown_ties_total Settled hands where a pot or half was shared by equal hands.\n");
        out.push_str("# TYPE showdown_ties_total counter\n");
        let _ = writeln!(out, "showdown_ties_total {}", self.ties.load(Relaxed));
        out.push_str(
            "# HELP showdown_odd_chips_total Odd chip units handed out by splits (TDA 19).\n",
        );
        out.push_str("# TYPE showdown_odd_chips_total counter\n");
        let _ = writeln!(
            out,
            "showdown_odd_chips_total {}",
            self.odd_chips.load(Relaxed)
        );
        out.push_str("# HELP showdown_invalid_hands_total Settle requests rejected as impossible hands (422).\n");
        out.push_str("# TYPE showdown_invalid_hands_total counter\n");
        let _ = writeln!(
            out,
            "showdown_invalid_hands_total {}",
            self.rejected.load(Relaxed)
        );
        out
    }
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
