//! The closed sets of strings as the OpenAPI document lists them.

use showdown_contract::schema_enums::{HandKindName, VariantName};
use utoipa::PartialSchema;

fn values<S: PartialSchema>() -> Vec<String> {
    let json = serde_json::to_value(S::schema()).unwrap();
    json["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_variant_enum_lists_every_variant_of_the_table() {
    let values = values::<VariantName>();
    assert_eq!(values.len(), 19);
    assert!(values.contains(&"holdem".into()) && values.contains(&"sohe".into()));
}

/// The variant table uses every kind of hand, so the enum has all nine.
#[test]
fn the_hand_kind_enum_lists_every_kind_the_table_uses() {
    let values = values::<HandKindName>();
    assert_eq!(values.len(), 9, "{values:?}");
    assert!(values.contains(&"badugi-ace-high".into()));
}
