//! What the edge must know of a route before it runs it: the largest body
//! it reads, whether it asks for a bearer token and whether its spans are
//! exported. Each route module
//! declares its own terms beside its handler (`TERMS`), the router lists
//! them with the routes, and the edge is handed that list, so a new route
//! states its limits where it is written and the edge never names a path.

use crate::edge::config::AppConfig;

/// The body limit of the routes whose contract allows large requests, at
/// least: each must take every request its contract allows. The largest
/// tables request RULES.md §13.8 allows (10,000 players at 1,000 tables)
/// is about 400 KB, hand for hand or a deal of 10,000 players and prizes
/// (§14.4, §14.6) about as much, and a tournament hand carrying a
/// 10,000-place prize table (§14.1) up to about 140 KB: all above the
/// 64 KiB default.
pub(crate) const LARGE_BODY_LIMIT: usize = 1024 * 1024;

/// The largest body a route reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodySize {
    /// `--body-limit` (64 KiB by default).
    Default,
    /// `--body-limit`, raised to [`LARGE_BODY_LIMIT`] at least.
    Large,
}

/// Whether a route asks for a bearer token when tokens are configured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// Behind the tokens: every route but the probes.
    Needed,
    /// Open to all: the kubelet's probes carry no token.
    Open,
}

/// Whether a route's spans go to the trace collector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spans {
    /// Logged and exported: the API's work.
    Exported,
    /// Logged only: probes and scrapes arrive every few seconds from
    /// every kubelet and Prometheus.
    LoggedOnly,
}

/// One route's terms, as its module declares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteTerms {
    /// The route's path, as the router and the OpenAPI document name it.
    pub path: &'static str,
    pub body: BodySize,
    pub token: Token,
    pub spans: Spans,
}

impl RouteTerms {
    /// A route with the default body limit, behind the tokens.
    pub const fn new(path: &'static str) -> RouteTerms {
        RouteTerms {
            path,
            body: BodySize::Default,
            token: Token::Needed,
            spans: Spans::Exported,
        }
    }

    /// The same route, its spans logged but not exported.
    pub const fn logged_only(self) -> RouteTerms {
        RouteTerms {
            spans: Spans::LoggedOnly,
            ..self
        }
    }

    /// The same route, reading bodies up to [`LARGE_BODY_LIMIT`].
    pub const fn large_body(self) -> RouteTerms {
        RouteTerms {
            body: BodySize::Large,
            ..self
        }
    }

    /// The same route, open without a token.
    pub const fn open(self) -> RouteTerms {
        RouteTerms {
            token: Token::Open,
            ..self
        }
    }
}

/// Every route's terms, as the router hands them to the edge. A path none
/// declares (the docs, a route a test adds) has the default terms.
#[derive(Clone, Copy, Debug, Default)]
pub struct RouteTable(pub &'static [RouteTerms]);

impl RouteTable {
    fn terms(&self, path: &str) -> Option<&RouteTerms> {
        self.0.iter().find(|t| t.path == path)
    }

    /// The largest body `path` reads under `config`.
    pub fn body_limit(&self, config: &AppConfig, path: &str) -> usize {
        match self.terms(path).map(|t| t.body) {
            Some(BodySize::Large) => config.body_limit.max(LARGE_BODY_LIMIT),
            _ => config.body_limit,
        }
    }

    /// The largest body any route reads under `config`: the extractors'
    /// own limit, since the edge has read the body under the route's first.
    pub fn largest_body_limit(&self, config: &AppConfig) -> usize {
        self.0
            .iter()
            .map(|t| self.body_limit(config, t.path))
            .fold(config.body_limit, usize::max)
    }

    /// Whether a request to the route `path` (as matched; `None` when no
    /// route matched) has its span exported.
    pub fn exports_spans(&self, path: Option<&str>) -> bool {
        path.and_then(|p| self.terms(p))
            .is_none_or(|t| t.spans == Spans::Exported)
    }

    /// Whether `path` asks for a token when tokens are configured.
    pub fn needs_token(&self, path: &str) -> bool {
        self.terms(path).is_none_or(|t| t.token == Token::Needed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: RouteTable = RouteTable(&[
        RouteTerms::new("/small"),
        RouteTerms::new("/large").large_body(),
        RouteTerms::new("/probe").open(),
    ]);

    #[test]
    fn a_large_route_reads_a_mebibyte_unless_the_limit_is_larger() {
        let mut config = AppConfig::default();
        assert_eq!(TABLE.body_limit(&config, "/large"), LARGE_BODY_LIMIT);
        assert_eq!(TABLE.body_limit(&config, "/small"), config.body_limit);
        assert_eq!(TABLE.body_limit(&config, "/undeclared"), config.body_limit);
        assert_eq!(TABLE.largest_body_limit(&config), LARGE_BODY_LIMIT);
        config.body_limit = 4 * LARGE_BODY_LIMIT;
        assert_eq!(TABLE.body_limit(&config, "/large"), 4 * LARGE_BODY_LIMIT);
        assert_eq!(TABLE.largest_body_limit(&config), 4 * LARGE_BODY_LIMIT);
    }

    #[test]
    fn only_a_route_declared_open_passes_without_a_token() {
        assert!(!TABLE.needs_token("/probe"));
        assert!(TABLE.needs_token("/small"));
        assert!(TABLE.needs_token("/undeclared"));
    }
}
