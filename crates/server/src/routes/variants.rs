//! `GET /v1/variants` (API.md).

use crate::edge::route_terms::RouteTerms;
use axum::Json;
use showdown_cards::VariantId;
use showdown_contract::variants::{VariantDto, VariantsResponse};

/// The edge's terms for `/v1/variants`: the default body limit, behind the tokens.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/variants");

/// List every variant.
///
/// Its family (board, stud, draw), its hands, card counts, whether it has a
/// button, and which hand is the high side for odd chips.
#[utoipa::path(
    get,
    path = "/v1/variants",
    tag = "variants",
    operation_id = "listVariants",
    responses((status = 200, description = "Every variant id of the contract", body = VariantsResponse))
)]
pub(crate) async fn variants() -> Json<VariantsResponse> {
    Json(VariantsResponse {
        variants: VariantId::ALL
            .iter()
            .map(|v| VariantDto::from(&v.variant()))
            .collect(),
    })
}
