//! Prometheus metrics (API.md, `GET /metrics`) from `prometheus-client`,
//! with the registry owned by the app state so each app counts alone.

use axum::http::StatusCode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use showdown_cards::VariantId;
use std::time::Duration;

/// Upper bounds of the latency buckets, in seconds (100 µs .. 10 s).
pub const LATENCY_BUCKETS: [f64; 16] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// The route label of requests no route matched (404s), so unknown paths
/// cannot blow up the label set.
pub const UNMATCHED: &str = "unmatched";

/// The media type of [`Metrics::render`]'s text (prometheus-client writes
/// OpenMetrics, which Prometheus scrapes).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct VariantLabels {
    variant: &'static str,
}

type Latency = Family<RouteLabels, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    Histogram::new(LATENCY_BUCKETS)
}

/// Every metric of the service.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Latency,
    settlements: Family<VariantLabels, Counter>,
    ties: Counter,
    odd_chips: Counter,
    invalid_hands: Counter,
    connection_errors: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::default();
        let requests = Family::<RequestLabels, Counter>::default();
        let latency = Latency::new_with_constructor(latency_histogram);
        let settlements = Family::<VariantLabels, Counter>::default();
        // Every variant is listed from the start, at 0, as a dashboard expects.
        for v in VariantId::ALL {
            let _ = settlements.get_or_create(&VariantLabels {
                variant: v.as_str(),
            });
        }
        let (ties, odd_chips, invalid_hands, connection_errors) = Default::default();
        registry.register(
            "showdown_http_requests",
            "HTTP requests by route and status",
            requests.clone(),
        );
        registry.register(
            "showdown_http_request_duration_seconds",
            "Time from request to response, by route",
            latency.clone(),
        );
        registry.register(
            "showdown_settlements",
            "Hands settled, by variant",
            settlements.clone(),
        );
        registry.register(
            "showdown_ties",
            "Settled hands where a pot or half was shared by equal hands",
            Counter::clone(&ties),
        );
        registry.register(
            "showdown_odd_chips",
            "Odd chip units handed out by splits (TDA 19)",
            Counter::clone(&odd_chips),
        );
        registry.register(
            "showdown_invalid_hands",
            "Settle requests rejected as impossible hands (422)",
            Counter::clone(&invalid_hands),
        );
        registry.register(
            "showdown_connection_errors",
            "Connections refused or dropped before a route answered (protocol errors, limits)",
            Counter::clone(&connection_errors),
        );
        Metrics {
            registry,
            requests,
            latency,
            settlements,
            ties,
            odd_chips,
            invalid_hands,
            connection_errors,
        }
    }
}

impl Metrics {
    /// Count one finished request; `route` is the matched path pattern
    /// (`None`: no route matched).
    pub fn record_request(&self, route: Option<&str>, status: StatusCode, elapsed: Duration) {
        let route = route.unwrap_or(UNMATCHED).to_string();
        self.latency
            .get_or_create(&RouteLabels {
                route: route.clone(),
            })
            .observe(elapsed.as_secs_f64());
        self.requests
            .get_or_create(&RequestLabels {
                route,
                status: status.as_u16(),
            })
            .inc();
    }

    /// Count one settled hand.
    pub fn record_settlement(&self, variant: VariantId, tie: bool, odd_chips: u64) {
        self.settlements
            .get_or_create(&VariantLabels {
                variant: variant.as_str(),
            })
            .inc();
        if tie {
            self.ties.inc();
        }
        self.odd_chips.inc_by(odd_chips);
    }

    /// Count one request turned away by validation (422).
    pub fn record_rejection(&self) {
        self.invalid_hands.inc();
    }

    /// Count one connection refused or dropped below the routes.
    pub fn record_connection_error(&self) {
        self.connection_errors.inc();
    }

    /// The text exposition (OpenMetrics, [`CONTENT_TYPE`]).
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(4096);
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_from_many_threads_add_up() {
        let m = Metrics::default();
        std::thread::scope(|s| {
            for _ in 0..7 {
                s.spawn(|| {
                    for _ in 0..100 {
                        m.record_request(
                            Some("/v1/settle"),
                            StatusCode::OK,
                            Duration::from_micros(50),
                        );
                        m.record_settlement(VariantId::ALL[0], true, 1);
                    }
                    m.record_rejection();
                });
            }
        });
        let n = 700;
        let text = m.render();
        assert!(text.contains(&format!(
            "showdown_http_requests_total{{route=\"/v1/settle\",status=\"200\"}} {n}\n"
        )));
        assert!(text.contains(&format!(
            "showdown_http_request_duration_seconds_count{{route=\"/v1/settle\"}} {n}\n"
        )));
        assert!(text.contains(&format!("showdown_ties_total {n}\n")));
        assert!(text.contains(&format!("showdown_odd_chips_total {n}\n")));
        assert!(text.contains("showdown_invalid_hands_total 7\n"));
    }

    #[test]
    fn unmatched_requests_share_one_label_and_every_variant_starts_at_zero() {
        let m = Metrics::default();
        m.record_request(None, StatusCode::NOT_FOUND, Duration::from_micros(5));
        m.record_request(None, StatusCode::NOT_FOUND, Duration::from_micros(5));
        let text = m.render();
        assert!(
            text.contains("showdown_http_requests_total{route=\"unmatched\",status=\"404\"} 2\n"),
            "{text}"
        );
        for v in VariantId::ALL {
            assert!(text.contains(&format!(
                "showdown_settlements_total{{variant=\"{v}\"}} 0\n"
            )));
        }
    }

    #[test]
    fn histogram_buckets_are_cumulative_and_count_matches() {
        let m = Metrics::default();
        let route = Some("/v1/settle");
        m.record_request(route, StatusCode::OK, Duration::from_micros(50));
        m.record_request(route, StatusCode::OK, Duration::from_micros(300));
        m.record_request(
            route,
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
            "showdown_http_request_duration_seconds_bucket{le=\"0.0001\",route=\"/v1/settle\"} 1"
        ), "{text}");
        assert!(text.contains(
            "showdown_http_request_duration_seconds_bucket{le=\"0.0005\",route=\"/v1/settle\"} 2"
        ));
        assert!(text.contains(
            "showdown_http_request_duration_seconds_bucket{le=\"+Inf\",route=\"/v1/settle\"} 3"
        ));
        assert!(
            text.contains("showdown_http_request_duration_seconds_count{route=\"/v1/settle\"} 3")
        );
    }
}
