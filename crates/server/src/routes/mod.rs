//! The router: every route of API.md, its OpenAPI document, and the layers.
//!
//! Each route module declares its handlers with `#[utoipa::path]`; this file
//! registers them in [`api_router`] (one `.routes(routes!(...))` line each),
//! so the OpenAPI document and the real routes cannot drift apart.

pub(crate) mod chip_race;
pub(crate) mod deals;
pub(crate) mod draw;
pub(crate) mod equity;
mod errors;
pub(crate) mod health;
pub(crate) mod metrics;
pub(crate) mod ohh;
pub(crate) mod phh;
pub(crate) mod prizes;
pub(crate) mod settle;
pub(crate) mod tables;
pub(crate) mod variants;

use crate::edge::middleware::with_layers;
use crate::edge::route_terms::RouteTable;
use crate::edge::state::AppState;
use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

/// The document's fixed parts; paths and schemas come from the routes.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Showdown",
        description = include_str!("info.md"),
        license(name = "MIT", identifier = "MIT")
    ),
    tags(
        (name = "settle", description = "Settling a finished hand"),
        (name = "variants", description = "The variant table"),
        (name = "equity", description = "Exact all-in equity over every runout (RULES.md §10)"),
        (name = "tables", description = "A tournament's tables between hands: the next button and blinds, seats that wait, balancing and breaking (RULES.md §13)"),
        (name = "prizes", description = "Prize money by finishing place, hand for hand at several tables (RULES.md §14)"),
        (name = "deals", description = "Final-table deals: ICM, chip chop or equal, to the unit (RULES.md §14.5-14.7)"),
        (name = "chip-race", description = "Chip races at a color-up (TDA 23) and high-card draws (Robert's 3.7.2)"),
        (name = "operations", description = "Health, readiness and metrics")
    ),
    components(schemas(showdown_json::Problem, showdown_json::FieldError))
)]
pub(crate) struct ApiDoc;

/// Every documented route. Helpers add their routes here, one line each.
fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(settle::settle))
        .routes(routes!(phh::settle_phh))
        .routes(routes!(ohh::settle_ohh))
        .routes(routes!(ohh::betting_next))
        .routes(routes!(ohh::ohh_schema))
        .routes(routes!(variants::variants))
        .routes(routes!(tables::tables))
        .routes(routes!(prizes::prizes))
        .routes(routes!(deals::deals))
        .routes(routes!(chip_race::chip_race))
        .routes(routes!(draw::draw))
        .routes(routes!(equity::equity))
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
        .routes(routes!(metrics::metrics))
}

/// Every route's terms for the edge (its body limit, whether it asks for
/// a token), in the order of [`api_router`]: each declared in its module.
pub const ROUTES: RouteTable = RouteTable(&[
    settle::TERMS,
    phh::TERMS,
    ohh::SETTLE_TERMS,
    ohh::BETTING_TERMS,
    ohh::SCHEMA_TERMS,
    variants::TERMS,
    tables::TERMS,
    prizes::TERMS,
    deals::TERMS,
    chip_race::TERMS,
    draw::TERMS,
    equity::TERMS,
    health::HEALTHZ_TERMS,
    health::READYZ_TERMS,
    metrics::TERMS,
]);

/// The OpenAPI 3.1 document the code derives (`showdown openapi`,
/// `GET /openapi.json`, `openapi/openapi.json`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = api_router().split_for_parts();
    doc.info.version = crate::settings::VERSION.to_string();
    errors::add_error_responses(&mut doc);
    hoist_nullable_descriptions(&mut doc);
    require_blinds_unless_first_hand(&mut doc);
    doc
}

/// RULES.md §13.9: a table's blind seats are required unless it is sent
/// with `firstHand: true`. A flat `required` list cannot say so; JSON
/// Schema's `if`/`else` (OpenAPI 3.1) can, and validators read it. It sits
/// in an `allOf` of one: a single key, so the document's bytes do not
/// depend on a map's order, and generated types are left as they were.
fn require_blinds_unless_first_hand(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::extensions::Extensions;
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::RefOr;
    let table = doc
        .components
        .as_mut()
        .and_then(|c| c.schemas.get_mut("TableRequest"));
    let Some(RefOr::T(Schema::Object(table))) = table else {
        return;
    };
    let unless_first_hand = serde_json::json!([{
        "if": {"required": ["firstHand"], "properties": {"firstHand": {"const": true}}},
        "else": {"required": ["smallBlindSeat", "bigBlindSeat"]}
    }]);
    table
        .extensions
        .get_or_insert_with(Extensions::default)
        .insert("allOf".to_string(), unless_first_hand);
}

/// utoipa writes a nullable reference as `oneOf: [{$ref, description},
/// {type: null}]`, its description inside the first branch, where
/// generated clients (openapi-typescript) do not look: this moves it up to
/// the property.
fn hoist_nullable_descriptions(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::RefOr;
    let Some(components) = doc.components.as_mut() else {
        return;
    };
    for schema in components.schemas.values_mut() {
        let RefOr::T(Schema::Object(object)) = schema else {
            continue;
        };
        for property in object.properties.values_mut() {
            let RefOr::T(Schema::OneOf(one_of)) = property else {
                continue;
            };
            for item in &mut one_of.items {
                if let RefOr::Ref(r) = item {
                    if one_of.description.is_none() && !r.description.is_empty() {
                        one_of.description = Some(std::mem::take(&mut r.description));
                    }
                }
            }
        }
    }
}

/// The service around a state the caller keeps (the server keeps it to
/// flip readiness on shutdown): every route of API.md, `/openapi.json`,
/// `/docs`, a hint at `/`, and the layers of [`with_layers`].
pub fn app(state: AppState) -> Router {
    let (router, _) = api_router().split_for_parts();
    // Swagger UI from the vendored bundle: /docs works with no internet.
    // The validator badge would call swagger.io, so it is off.
    let docs = SwaggerUi::new("/docs")
        .url("/openapi.json", openapi())
        .config(utoipa_swagger_ui::Config::from("/openapi.json").validator_url("none"));
    let router = router.route("/", get(root)).merge(docs);
    with_layers(router, state, ROUTES)
}

/// `GET /`: where the documentation is, for someone who opens the address.
async fn root() -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "service": "showdown",
        "docs": "/docs",
        "openapi": "/openapi.json"
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The routes the router serves and the terms the edge is handed
    /// name the same paths, each once: a new route cannot leave its limit
    /// and its token to the edge's defaults by forgetting its line.
    #[test]
    fn every_route_declares_its_terms_once() {
        let (_, doc) = api_router().split_for_parts();
        let mut served: Vec<&str> = doc.paths.paths.keys().map(String::as_str).collect();
        let mut declared: Vec<&str> = ROUTES.0.iter().map(|t| t.path).collect();
        served.sort_unstable();
        declared.sort_unstable();
        let before = declared.len();
        declared.dedup();
        assert_eq!(declared.len(), before, "a path declared twice");
        assert_eq!(served, declared);
    }

    /// Probes and scrapes come every few seconds: their spans are logged,
    /// never exported; every API route's are.
    #[test]
    fn only_the_api_routes_export_their_spans() {
        for t in ROUTES.0 {
            let api = t.path.starts_with("/v1/");
            assert_eq!(ROUTES.exports_spans(Some(t.path)), api, "{}", t.path);
        }
        assert!(ROUTES.exports_spans(None), "a request no route matched");
    }
}
