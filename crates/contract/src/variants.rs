//! The answers of `GET /v1/variants`, `/healthz` and `/readyz`.

use serde::{Deserialize, Serialize};

/// `GET /v1/variants` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct VariantsResponse {
    /// Every variant of the contract.
    pub variants: Vec<VariantDto>,
}

/// One entry of the variant table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "omaha-hi-lo", "family": "board", "button": true, "holeCards": 4, "boardCards": 5,
    "high": "omaha-high", "low": "omaha-low-8", "lowQualifier": true, "shortDeck": false,
    "highSide": "the high hand", "severalBoards": true
}))]
#[schema(as = Variant)]
pub struct VariantDto {
    /// The id requests use.
    #[schema(value_type = crate::schema_enums::VariantName)]
    pub id: String,
    /// `board`, `stud` or `draw`.
    #[schema(value_type = crate::schema_enums::FamilyName)]
    pub family: String,
    /// Whether odd chips go by the button (else by card, stud).
    pub button: bool,
    /// Cards per live player at showdown.
    pub hole_cards: u64,
    /// Board cards at showdown (0: no board).
    pub board_cards: u64,
    /// The hand of the high side: `high`, `short-deck-high`, `omaha-high`,
    /// `ace-to-five-low`, `deuce-to-seven-low`, `badugi`, ...
    #[schema(value_type = crate::schema_enums::HandKindName)]
    pub high: String,
    /// The hand of the other side in split games; left out in one-hand games.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::HandKindName>, nullable = false)]
    pub low: Option<String>,
    /// Whether the low side needs an 8-or-better qualifier (else the high hand scoops).
    pub low_qualifier: bool,
    /// The 36-card deck, 6 to A.
    pub short_deck: bool,
    /// Which hand is the high side for odd chips (RULES.md §4).
    pub high_side: String,
    /// Whether a hand may be played on several boards (`boards`, RULES.md
    /// §9): board games only.
    pub several_boards: bool,
}

/// `/healthz` and `/readyz` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = Health)]
pub struct HealthDto {
    /// `ok` or `ready`.
    #[schema(value_type = crate::schema_enums::HealthStatus)]
    pub status: String,
}

impl From<&showdown_cards::Variant> for VariantDto {
    fn from(v: &showdown_cards::Variant) -> VariantDto {
        use showdown_cards::{Family, VariantId as V};
        // RULES.md §4, "Which half is high in games that are not high-low".
        let high_side = match v.id {
            V::Badacey | V::Badeucy | V::Razzdugi => "the five-card hand (against the badugi)",
            V::Dramaha => "the draw hand (against the Omaha hand)",
            V::Sohe => "the Omaha hand (against the Hold'em hand)",
            _ if v.low.is_some() => "the high hand",
            _ => "the only hand",
        };
        VariantDto {
            id: v.id.as_str().to_string(),
            family: match v.family {
                Family::Board => "board",
                Family::Stud => "stud",
                Family::Draw => "draw",
            }
            .to_string(),
            button: v.button,
            hole_cards: v.hole_cards as u64,
            board_cards: v.board_cards as u64,
            high: crate::schema_enums::hand_kind_id(v.high).to_string(),
            low: v
                .low
                .map(|k| crate::schema_enums::hand_kind_id(k).to_string()),
            low_qualifier: v.low_qualifier,
            short_deck: v.short_deck,
            high_side: high_side.to_string(),
            several_boards: v.family == Family::Board,
        }
    }
}

/// A variant as its id on the wire: the answer keeps the parsed
/// [`VariantId`], so nothing after validation parses the id again.
pub(crate) mod by_id {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use showdown_cards::VariantId;

    pub(crate) fn serialize<S: Serializer>(v: &VariantId, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.as_str())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<VariantId, D::Error> {
        let id = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        id.parse().map_err(D::Error::custom)
    }
}
