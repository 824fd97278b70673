//! The bad-beat answer's schema, written by hand: one Rust struct
//! (`BadBeatDto`) serialises both outcomes, but a client reads either a
//! qualified hand (hands, payouts, paid, remaining, all present) or a
//! reason, never a mix. utoipa's derive cannot say that of one struct, so
//! the schema is a `oneOf` of two named objects, each with `qualified`
//! fixed to `true` or `false` (a discriminator must be a string, so the
//! constant does that work).

use super::dto::{BadBeatDto, BadBeatPayoutDto};
use crate::schema_enums::BadBeatReasonName;
use crate::settle::pots::dto::HandRankDto;
use utoipa::openapi::schema::{
    ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

/// `qualified`, fixed to `value`.
fn qualified(value: bool) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::Boolean))
        .enum_values(Some([value]))
        .description(Some("True when every condition of RULES.md §11.3 holds."))
}

/// A whole number of chips, 0 or more.
fn chips(description: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::Integer))
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
            utoipa::openapi::KnownFormat::Int64,
        )))
        .minimum(Some(0))
        .description(Some(description))
}

/// A reference to `T`'s schema, described for this property.
fn reference<T: ToSchema>(description: &str) -> Ref {
    let mut r = Ref::from_schema_name(T::name());
    r.description = description.to_string();
    r
}

/// The hand hit the jackpot: who is paid what.
fn qualified_schema() -> Schema {
    ObjectBuilder::new()
        .description(Some("The hand hit the bad-beat jackpot (RULES.md §11.4)."))
        .property("qualified", qualified(true))
        .property(
            "losingHand",
            reference::<HandRankDto>("The losers' hand (high, on the first board)."),
        )
        .property(
            "winningHand",
            reference::<HandRankDto>("The winners' hand."),
        )
        .property(
            "payouts",
            ArrayBuilder::new()
                .items(Ref::from_schema_name(BadBeatPayoutDto::name()))
                .description(Some(
                    "Every payout, losers first, then winners, then the table.",
                )),
        )
        .property(
            "paid",
            chips("The sum of the payouts, paid from the fund (never part of `finalChipStacks`)."),
        )
        .property(
            "remaining",
            chips("What stays in the fund (`pool − paid`)."),
        )
        .required("qualified")
        .required("losingHand")
        .required("winningHand")
        .required("payouts")
        .required("paid")
        .required("remaining")
        .into()
}

/// The hand did not hit the jackpot: why not.
fn not_qualified_schema() -> Schema {
    ObjectBuilder::new()
        .description(Some(
            "The hand did not hit the bad-beat jackpot (RULES.md §11.5).",
        ))
        .property("qualified", qualified(false))
        .property(
            "reason",
            reference::<BadBeatReasonName>("The first condition of RULES.md §11.3 that failed."),
        )
        .required("qualified")
        .required("reason")
        .into()
}

impl PartialSchema for BadBeatDto<'_> {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(Ref::from_schema_name("BadBeatQualified"))
            .item(Ref::from_schema_name("BadBeatNotQualified"))
            .description(Some(
                "Whether the hand hit the bad-beat jackpot, and who is paid what: `qualified` says which of the two shapes it is.",
            ))
            .into()
    }
}

impl ToSchema for BadBeatDto<'_> {
    fn name() -> std::borrow::Cow<'static, str> {
        "BadBeat".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push(("BadBeatQualified".into(), qualified_schema().into()));
        schemas.push(("BadBeatNotQualified".into(), not_qualified_schema().into()));
        schemas.push((HandRankDto::name().into(), HandRankDto::schema()));
        schemas.push((BadBeatPayoutDto::name().into(), BadBeatPayoutDto::schema()));
        schemas.push((
            BadBeatReasonName::name().into(),
            BadBeatReasonName::schema(),
        ));
        <HandRankDto as ToSchema>::schemas(schemas);
        <BadBeatPayoutDto as ToSchema>::schemas(schemas);
    }
}
