//! Prometheus metrics (API.md, `GET /metrics`) from `prometheus-client`,
//! with the registry owned by the app state so each app counts alone.

use axum::http::StatusCode;
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric};
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge};
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::Registry;
use showdown_cards::VariantId;
use std::time::Duration;

/// Upper bounds of the latency buckets, in seconds (100 µs .. 10 s).
pub(crate) const LATENCY_BUCKETS: [f64; 16] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// The route label of requests no route matched (404s), so unknown paths
/// cannot blow up the label set.
pub(crate) const UNMATCHED: &str = "unmatched";

/// The media type of [`Metrics::render`]'s text (prometheus-client writes
/// OpenMetrics, which Prometheus scrapes).
pub(crate) const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

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
struct RefusalLabels {
    status: u16,
    r#type: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabels {
    reason: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ListenerLabels {
    listener: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
    profile: &'static str,
}

/// Why a request or connection was answered 503, the label of
/// `showdown_unavailable_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unavailable {
    /// The API's concurrency limit was full (`--concurrency-limit`).
    ConcurrencyLimit,
    /// Every enumeration slot was taken (`--equity-limit`).
    EquityQueue,
    /// The connection cap was reached (`--max-connections`).
    ConnectionCap,
    /// `/readyz` during the drain.
    Draining,
}

impl Unavailable {
    /// Every reason, listed at 0 from the start.
    pub(crate) const ALL: [Unavailable; 4] = [
        Unavailable::ConcurrencyLimit,
        Unavailable::EquityQueue,
        Unavailable::ConnectionCap,
        Unavailable::Draining,
    ];

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Unavailable::ConcurrencyLimit => "concurrency_limit",
            Unavailable::EquityQueue => "equity_queue",
            Unavailable::ConnectionCap => "connection_cap",
            Unavailable::Draining => "draining",
        }
    }
}

/// How full the two limits are at a scrape: slots in use and slots in all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Saturation {
    pub concurrency_in_use: usize,
    pub concurrency_limit: usize,
    pub equity_in_use: usize,
    pub equity_limit: usize,
}

/// The standard `process_*` figures, read at each scrape by the
/// metrics-process crate (prometheus-client has no process collector).
#[derive(Debug)]
struct ProcessCollector;

impl Collector for ProcessCollector {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let m = metrics_process::collector::collect();
        let gauges = [
            (
                "process_resident_memory_bytes",
                "Resident memory size in bytes",
                m.resident_memory_bytes,
            ),
            (
                "process_virtual_memory_bytes",
                "Virtual memory size in bytes",
                m.virtual_memory_bytes,
            ),
            (
                "process_open_fds",
                "Number of open file descriptors",
                m.open_fds,
            ),
            (
                "process_max_fds",
                "Maximum number of open file descriptors",
                m.max_fds,
            ),
            (
                "process_threads",
                "Number of OS threads in the process",
                m.threads,
            ),
            (
                "process_start_time_seconds",
                "Start time of the process since the Unix epoch in seconds",
                m.start_time_seconds,
            ),
        ];
        for (name, help, value) in gauges {
            if let Some(v) = value {
                let g = ConstGauge::new(i64::try_from(v).unwrap_or(i64::MAX));
                g.encode(encoder.encode_descriptor(name, help, None, g.metric_type())?)?;
            }
        }
        if let Some(cpu) = m.cpu_seconds_total {
            let c = ConstCounter::new(cpu);
            c.encode(encoder.encode_descriptor(
                "process_cpu_seconds",
                "Total user and system CPU time spent in seconds",
                None,
                c.metric_type(),
            )?)?;
        }
        Ok(())
    }
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
pub(crate) struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Latency,
    settlements: Family<VariantLabels, Counter>,
    ties: Counter,
    odd_chips: Counter,
    invalid_hands: Counter,
    connection_errors: Counter,
    refusals: Family<RefusalLabels, Counter>,
    unavailable: Family<ReasonLabels, Counter>,
    in_flight: Gauge,
    saturation: [Gauge; 4],
    connections: Family<ListenerLabels, Gauge>,
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
        let (refusals, unavailable, in_flight, saturation) = register_operations(&mut registry);
        let connections = Family::<ListenerLabels, Gauge>::default();
        registry.register(
            "showdown_connections_open",
            "Open connections by listener (public, admin), against --max-connections each",
            connections.clone(),
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
            refusals,
            unavailable,
            in_flight,
            saturation,
            connections,
        }
    }
}

/// The operator's metrics: build, refusals, 503s by reason, requests in
/// flight, the limits' saturation and the process figures.
fn register_operations(
    registry: &mut Registry,
) -> (
    Family<RefusalLabels, Counter>,
    Family<ReasonLabels, Counter>,
    Gauge,
    [Gauge; 4],
) {
    registry.register(
        "showdown_build",
        "The running build: its version and profile",
        Info::new(BuildLabels {
            version: crate::settings::VERSION,
            profile: crate::settings::PROFILE,
        }),
    );
    let refusals = Family::<RefusalLabels, Counter>::default();
    registry.register(
        "showdown_refusals",
        "Requests refused (4xx) by status and problem type, each counted whether or not its log line was written",
        refusals.clone(),
    );
    let unavailable = Family::<ReasonLabels, Counter>::default();
    for r in Unavailable::ALL {
        let _ = unavailable.get_or_create(&ReasonLabels { reason: r.as_str() });
    }
    registry.register(
        "showdown_unavailable",
        "503 answers by reason: concurrency_limit, equity_queue, connection_cap, draining",
        unavailable.clone(),
    );
    let in_flight = Gauge::default();
    registry.register(
        "showdown_http_requests_in_flight",
        "Requests being handled now",
        in_flight.clone(),
    );
    let saturation: [Gauge; 4] = Default::default();
    let names = [
        (
            "showdown_concurrency_in_use",
            "API requests holding a slot of --concurrency-limit",
        ),
        ("showdown_concurrency_limit", "Slots of --concurrency-limit"),
        (
            "showdown_equity_in_use",
            "Enumerations running or waiting, of --equity-limit",
        ),
        (
            "showdown_equity_limit",
            "Slots of --equity-limit (enumerations running or waiting)",
        ),
    ];
    for ((name, help), g) in names.into_iter().zip(&saturation) {
        registry.register(name, help, g.clone());
    }
    registry.register_collector(Box::new(ProcessCollector));
    (refusals, unavailable, in_flight, saturation)
}

impl Metrics {
    /// Count one finished request; `route` is the matched path pattern
    /// (`None`: no route matched).
    pub(crate) fn record_request(
        &self,
        route: Option<&str>,
        status: StatusCode,
        elapsed: Duration,
    ) {
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
    pub(crate) fn record_settlement(&self, variant: VariantId, tie: bool, odd_chips: u64) {
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
    pub(crate) fn record_rejection(&self) {
        self.invalid_hands.inc();
    }

    /// Count one refusal (4xx) by status and problem type.
    pub(crate) fn record_refusal(&self, status: StatusCode, kind: &str) {
        self.refusals
            .get_or_create(&RefusalLabels {
                status: status.as_u16(),
                r#type: kind.to_string(),
            })
            .inc();
    }

    /// Count one 503 by its reason.
    pub(crate) fn record_unavailable(&self, reason: Unavailable) {
        self.unavailable
            .get_or_create(&ReasonLabels {
                reason: reason.as_str(),
            })
            .inc();
    }

    /// The counter of one reason's 503s, for a part that counts its own
    /// (the enumeration pool).
    pub(crate) fn unavailable_counter(&self, reason: Unavailable) -> Counter {
        self.unavailable
            .get_or_create(&ReasonLabels {
                reason: reason.as_str(),
            })
            .clone()
    }

    /// A request entered the middleware; it counts until the guard drops.
    pub(crate) fn enter(&self) -> GaugeGuard {
        self.in_flight.inc();
        GaugeGuard(self.in_flight.clone())
    }

    /// A connection opened on `listener` (`public` or `admin`); it counts
    /// until the guard drops.
    pub(crate) fn connection_opened(&self, listener: &'static str) -> GaugeGuard {
        let g = self
            .connections
            .get_or_create(&ListenerLabels { listener })
            .clone();
        g.inc();
        GaugeGuard(g)
    }

    /// Set the limits' gauges to their state at this scrape.
    pub(crate) fn observe(&self, s: Saturation) {
        let values = [
            s.concurrency_in_use,
            s.concurrency_limit,
            s.equity_in_use,
            s.equity_limit,
        ];
        for (g, v) in self.saturation.iter().zip(values) {
            g.set(i64::try_from(v).unwrap_or(i64::MAX));
        }
    }

    /// Count one connection refused or dropped below the routes.
    pub(crate) fn record_connection_error(&self) {
        self.connection_errors.inc();
    }

    /// The text exposition (OpenMetrics, [`CONTENT_TYPE`]).
    pub(crate) fn render(&self) -> String {
        let mut out = String::with_capacity(4096);
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// Keeps a request or a connection counted in its gauge while alive.
pub(crate) struct GaugeGuard(Gauge);

impl Drop for GaugeGuard {
    fn drop(&mut self) {
        self.0.dec();
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
    fn operator_metrics_move() {
        let m = Metrics::default();
        let before = m.render();
        assert!(
            before.contains("showdown_build_info{version=\""),
            "{before}"
        );
        assert!(before.contains("showdown_unavailable_total{reason=\"draining\"} 0\n"));
        assert!(
            before.contains("process_resident_memory_bytes "),
            "{before}"
        );
        assert!(before.contains("process_cpu_seconds_total "), "{before}");
        let guard = m.enter();
        m.record_unavailable(Unavailable::EquityQueue);
        m.record_refusal(StatusCode::UNPROCESSABLE_ENTITY, "urn:x");
        m.observe(Saturation {
            concurrency_in_use: 3,
            concurrency_limit: 8,
            equity_in_use: 1,
            equity_limit: 2,
        });
        let text = m.render();
        assert!(
            text.contains("showdown_http_requests_in_flight 1\n"),
            "{text}"
        );
        assert!(text.contains("showdown_unavailable_total{reason=\"equity_queue\"} 1\n"));
        assert!(text.contains("showdown_refusals_total{status=\"422\",type=\"urn:x\"} 1\n"));
        assert!(text.contains("showdown_concurrency_in_use 3\n"));
        assert!(text.contains("showdown_equity_limit 2\n"));
        drop(guard);
        assert!(m.render().contains("showdown_http_requests_in_flight 0\n"));
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
