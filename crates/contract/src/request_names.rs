//! The request's names for the terms and places the core's refusals speak
//! of (`showdown_core::Names`): one table, so every route words a refusal
//! as its request spells it, and the core words no JSON.

use showdown_core::{ChipAmount, Names, Place, Term, Unit, Worded};

/// The request's field names (API.md) and JSON Pointers.
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestNames;

impl Names for RequestNames {
    fn term(&self, term: Term) -> &'static str {
        use Term as T;
        match term {
            T::ButtonRule => "buttonRule",
            T::SmallBlindSeat => "smallBlindSeat",
            T::BigBlindSeat => "bigBlindSeat",
            T::ButtonSeat => "buttonSeat",
            T::MaxDifference => "maxDifference",
            T::HaltDifference => "haltDifference",
            T::FirstHand => "firstHand",
            T::RemovedDenomination => "removedDenomination",
            T::ColorUpTo => "colorUpTo",
            T::LoserBp => "loserBp",
            T::WinnerBp => "winnerBp",
            T::TableBp => "tableBp",
            T::ProgressiveBp => "progressiveBp",
            T::PlayersLeft => "playersLeft",
            T::Unit(Unit::Chip) => "chipUnit",
            T::Unit(Unit::Bounty) => "bountyUnit",
            T::Unit(Unit::Prize) => "prizeUnit",
            T::SeatOrder => "tiedPlaces seat",
            T::TieBreak => "tieBreak",
            T::Icm => "icm",
            T::ChipChop => "chipChop",
            T::Equal => "equal",
            T::SetAside => "setAside",
            T::Amount(a) => match a {
                ChipAmount::Stack => "stack",
                ChipAmount::Committed => "committed",
                ChipAmount::Dead => "dead",
                ChipAmount::DeadMoney => "deadMoney",
                ChipAmount::JackpotAmount => "amount",
                ChipAmount::MinPot => "minPot",
                ChipAmount::Cap => "cap",
                ChipAmount::Pool => "pool",
            },
            T::HandNumber => "handNumber",
            T::PercentBp => "percentBp",
            T::PlayersDealt => "playersDealt",
            T::MinPlayers => "minPlayers",
            T::AgentId => "agentId",
        }
    }

    fn place(&self, place: Place) -> String {
        match place {
            Place::CashOut(i) => format!("/cashOuts/{i}"),
            Place::Player(i) => format!("/players/{i}"),
            Place::PlayerSeat(i) => format!("/players/{i}/seat"),
            Place::PlayerId(i) => format!("/players/{i}/id"),
            Place::TableId(t) => format!("/tables/{t}/id"),
            Place::TablePlayerSeat(t, p) => format!("/tables/{t}/players/{p}/seat"),
            Place::TablePlayerId(t, p) => format!("/tables/{t}/players/{p}/id"),
            Place::CapMinPlayers(s) => format!("/rake/capsByPlayersDealt/{s}/minPlayers"),
        }
    }
}

/// A core refusal in the request's words.
pub(crate) fn worded(refusal: &(impl Worded + ?Sized)) -> String {
    refusal.worded(&RequestNames)
}

/// The JSON Pointer of a place, where a refusal of it lies.
pub(crate) fn pointer(place: Place) -> String {
    RequestNames.place(place)
}

/// The request's name of a term, as its pointer segment too.
pub(crate) fn field(term: Term) -> &'static str {
    RequestNames.term(term)
}
