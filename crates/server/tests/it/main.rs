//! The server crate's integration tests, one binary (each file a module),
//! so the service and its dependencies are linked once rather than once a
//! file. `cargo test -p showdown-server --test it MODULE::` runs one file.

mod all_in_ev;
mod all_in_ev_props;
mod answers;
mod attack;
mod attack_memory;
mod bad_beat;
mod boards;
mod body_budget;
mod cash_out;
mod cash_out_props;
mod chip_race;
mod cli;
mod common;
mod contract;
mod deals;
mod docs_examples;
mod e2e;
mod equity;
mod explain;
mod first_hand;
mod golden;
mod hand_history;
mod http;
mod http_422;
mod http_rfcs;
mod ohh;
mod openapi;
mod openapi_answers;
mod openapi_requests;
mod operable;
mod operable_cli;
mod phh_record;
mod prizes;
mod props;
mod rake;
mod rooms;
mod showdown;
mod showdown_props;
mod showdown_revised;
mod tables;
mod tournament;
mod tournament_loop;
mod traces;
mod traces_otlp;
