//! Closed sets of the contract as OpenAPI enums, for the fields the DTOs
//! keep as strings (so a bad value is a 422 with a pointer, not a 400):
//! written by hand because the values come from the cards crate's tables,
//! which utoipa's derive cannot read.

use showdown_cards::VariantId;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// A variant id, one of those `GET /v1/variants` lists.
pub struct VariantName;

impl utoipa::PartialSchema for VariantName {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("A variant id, one of those `GET /v1/variants` lists."))
            .enum_values(Some(VariantId::ALL.iter().map(|v| v.as_str())))
            .into()
    }
}

impl utoipa::ToSchema for VariantName {}

/// The rulebook for stud odd chips.
pub struct RulesName;

impl utoipa::PartialSchema for RulesName {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "The rulebook for stud odd chips: `tda` (TDA 2013 Rule 19, the default) or `roberts` (Robert's Rules 3.7).",
            ))
            .enum_values(Some(["tda", "roberts"]))
            .into()
    }
}

impl utoipa::ToSchema for RulesName {}

#[cfg(test)]
mod tests {
    use super::*;
    use utoipa::PartialSchema;

    #[test]
    fn the_variant_enum_lists_every_variant_of_the_table() {
        let json = serde_json::to_value(VariantName::schema()).unwrap();
        let values: Vec<&str> = json["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(values.len(), 19);
        assert!(values.contains(&"holdem") && values.contains(&"sohe"));
    }
}
