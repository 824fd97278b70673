//! OTLP export of the request spans, configured by the standard
//! `OTEL_EXPORTER_OTLP_*` and `OTEL_SERVICE_NAME` variables: with no
//! endpoint set nothing is built, no thread runs and nothing is sent.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_http::{Bytes, HttpClient, HttpError, Request, Response};
use opentelemetry_otlp::{Protocol, WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::trace::{SdkTracer, SdkTracerProvider};
use opentelemetry_sdk::Resource;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The endpoint for every signal, to which `/v1/traces` is added.
pub const ENDPOINT: &str = "OTEL_EXPORTER_OTLP_ENDPOINT";
/// The traces' own endpoint, taken as it is.
pub const TRACES_ENDPOINT: &str = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
/// The one protocol served: `http/protobuf`.
pub const PROTOCOL: &str = "OTEL_EXPORTER_OTLP_PROTOCOL";
/// The service's name in every span's resource (`showdown` when unset).
pub const SERVICE_NAME: &str = "OTEL_SERVICE_NAME";
/// Longest an export may take, in milliseconds (the OTLP default, 10 s).
pub const TIMEOUT: &str = "OTEL_EXPORTER_OTLP_TIMEOUT";

/// Set once the exporting layer is installed: the request spans then carry
/// what the export needs (route, method, status) and continue the caller's
/// span. A process-wide flag, as the tracing subscriber it describes is.
static EXPORTING: AtomicBool = AtomicBool::new(false);

/// Whether request spans are exported.
pub fn exporting() -> bool {
    EXPORTING.load(Ordering::Relaxed)
}

/// An OTLP setting that stops the start.
#[derive(Debug, thiserror::Error)]
pub enum OtlpError {
    #[error("{PROTOCOL} is {0:?}: showdown exports over http/protobuf only")]
    Protocol(String),
    #[error("{var} is {value:?}: showdown sends OTLP over plain http:// (a collector beside it, or its sidecar, terminates TLS)")]
    Scheme { var: &'static str, value: String },
    #[error("{TIMEOUT} is {0:?}: a number of milliseconds, at least 1")]
    Timeout(String),
    #[error("the OTLP exporter could not be built: {0}")]
    Build(#[from] opentelemetry_otlp::ExporterBuildError),
}

/// The exporter's provider, kept for the process: [`Otlp::shutdown`] sends
/// the spans still queued.
#[derive(Debug)]
pub struct Otlp {
    provider: SdkTracerProvider,
}

impl Otlp {
    /// The tracer the request spans are exported through.
    pub fn tracer(&self) -> SdkTracer {
        self.provider.tracer("showdown")
    }

    /// Marks request spans as exported; call once the layer is installed.
    pub fn started(&self) {
        EXPORTING.store(true, Ordering::Relaxed);
    }

    /// Exports what is queued, then stops the exporter's thread.
    pub fn shutdown(self) {
        if let Err(e) = self.provider.shutdown() {
            tracing::warn!(error = %e, "the last spans were not exported");
        }
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The configured endpoint, if any, and the variable that set it.
pub fn endpoint() -> Option<(&'static str, String)> {
    var(TRACES_ENDPOINT)
        .map(|v| (TRACES_ENDPOINT, v))
        .or_else(|| var(ENDPOINT).map(|v| (ENDPOINT, v)))
}

/// The exporter when an endpoint is set, else `None` (and nothing runs).
/// Exports are sent by `runtime`'s workers: the SDK's batch thread has no
/// runtime of its own.
pub fn from_env(runtime: tokio::runtime::Handle) -> Result<Option<Otlp>, OtlpError> {
    if var("OTEL_SDK_DISABLED").is_some_and(|v| v.eq_ignore_ascii_case("true")) {
        return Ok(None);
    }
    let Some((endpoint_var, endpoint)) = endpoint() else {
        return Ok(None);
    };
    if let Some(p) = var(PROTOCOL).filter(|p| p != "http/protobuf") {
        return Err(OtlpError::Protocol(p));
    }
    if !endpoint.starts_with("http://") {
        return Err(OtlpError::Scheme {
            var: endpoint_var,
            value: endpoint,
        });
    }
    let timeout = match var(TIMEOUT) {
        None => Duration::from_secs(10),
        Some(t) => match t.trim().parse::<u64>() {
            Ok(ms) if ms > 0 => Duration::from_millis(ms),
            _ => return Err(OtlpError::Timeout(t)),
        },
    };
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_timeout(timeout)
        .with_http_client(Http1Client::new(runtime, timeout))
        .build()?;
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(resource())
        .build();
    Ok(Some(Otlp { provider }))
}

/// `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES` as the SDK reads
/// them, `showdown` when neither names the service, and the version.
fn resource() -> Resource {
    let named = var(SERVICE_NAME).is_some()
        || var("OTEL_RESOURCE_ATTRIBUTES").is_some_and(|a| a.contains("service.name="));
    let builder = Resource::builder().with_attribute(opentelemetry::KeyValue::new(
        "service.version",
        crate::settings::VERSION,
    ));
    if named {
        builder.build()
    } else {
        builder.with_service_name("showdown").build()
    }
}

/// Largest collector answer read (it is a few bytes, or a short error).
const ANSWER_LIMIT: usize = 64 * 1024;

/// Sends the exports over HTTP/1.1 with hyper-util's client on the
/// service's runtime. Ours because opentelemetry-http's hyper client brings
/// HTTP/2 and must run inside a runtime, where the SDK's batch thread has
/// none; reqwest would bring a TLS stack we do not use.
#[derive(Debug, Clone)]
struct Http1Client {
    runtime: tokio::runtime::Handle,
    client: hyper_util::client::legacy::Client<
        hyper_util::client::legacy::connect::HttpConnector,
        http_body_util::Full<Bytes>,
    >,
    timeout: Duration,
}

impl Http1Client {
    fn new(runtime: tokio::runtime::Handle, timeout: Duration) -> Http1Client {
        let client =
            hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
                .pool_idle_timeout(Duration::from_secs(30))
                .build_http();
        Http1Client {
            runtime,
            client,
            timeout,
        }
    }
}

#[async_trait::async_trait]
impl HttpClient for Http1Client {
    async fn send_bytes(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
        use http_body_util::BodyExt;
        let (client, timeout) = (self.client.clone(), self.timeout);
        let sent = self.runtime.spawn(async move {
            tokio::time::timeout(timeout, async move {
                let answer = client
                    .request(request.map(http_body_util::Full::new))
                    .await?;
                let (parts, body) = answer.into_parts();
                let body = http_body_util::Limited::new(body, ANSWER_LIMIT)
                    .collect()
                    .await?
                    .to_bytes();
                Ok::<_, HttpError>(Response::from_parts(parts, body))
            })
            .await
        });
        match sent.await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => Err(format!("no answer from the collector within {timeout:?}").into()),
            Err(e) => Err(Box::new(e)),
        }
    }
}
