//! Operator authentication in the engine: the passphrase kept only as an Argon2id PHC string,
//! wrong credentials counted durably with doubling lockouts, tokens kept as digests, codes
//! withheld from the file channel once it is on, and a person verifying without the code.

use airlock_engine::{OperatorAuth, Presented};
use airlock_store::{Store, Table};
use jiff::SignedDuration;

use crate::common::{DENIED, Harness, VERIFY, operator, verification_id};

const PASSPHRASE: &str = "a long operator passphrase";

fn code_of(err: airlock_engine::LoopError) -> &'static str {
    err.code
}

#[test]
fn the_passphrase_is_kept_only_as_an_argon2id_hash_with_the_stated_parameters() {
    let h = Harness::new();
    assert!(!h.engine.operator_auth_initialized().expect("readable"));
    assert_eq!(
        h.engine
            .authenticate_operator(Presented::Nothing, "alice")
            .expect("no credential needed yet"),
        OperatorAuth::NotInitialized
    );
    assert_eq!(
        code_of(
            h.engine
                .init_operator_auth("short", "alice")
                .expect_err("too short")
        ),
        "VALIDATION_INVALID_FORMAT"
    );
    h.engine
        .init_operator_auth(PASSPHRASE, "alice")
        .expect("init");
    assert_eq!(
        code_of(
            h.engine
                .init_operator_auth("another long passphrase", "mallory")
                .expect_err("second init")
        ),
        "VALIDATION_ALREADY_INITIALIZED"
    );
    let status = h.engine.operator_auth_status().expect("status");
    assert!(status.initialized);
    assert_eq!(status.hash.as_deref(), Some("argon2id m=19456,t=2,p=1"));
    let record = h
        .engine_store()
        .get(Table::Operator, "credential")
        .expect("read")
        .expect("a record");
    let record = String::from_utf8(record).expect("utf-8");
    assert!(
        record.contains("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{record}"
    );
    assert!(!record.contains(PASSPHRASE));
    let audit = h.audit();
    assert!(
        audit.iter().any(|e| e["operation"] == "operator_auth"
            && e["reasons"][0]
                .as_str()
                .is_some_and(|r| r.contains("set up by alice"))),
        "{audit:#?}"
    );
}

#[test]
fn wrong_credentials_lock_out_for_a_doubling_time() {
    let h = Harness::new();
    h.engine
        .init_operator_auth(PASSPHRASE, "alice")
        .expect("init");
    assert_eq!(
        code_of(
            h.engine
                .authenticate_operator(Presented::Nothing, "agent")
                .expect_err("nothing")
        ),
        "OPERATOR_AUTH_REQUIRED"
    );
    for _ in 0..5 {
        let e = h
            .engine
            .authenticate_operator(Presented::Passphrase("guess guess guess"), "agent")
            .expect_err("wrong");
        assert_eq!(e.code, "OPERATOR_AUTH_FAILED");
        assert!(!e.message.contains("guess guess"), "{}", e.message);
    }
    let locked = h
        .engine
        .authenticate_operator(Presented::Passphrase(PASSPHRASE), "alice")
        .expect_err("locked");
    assert_eq!(locked.code, "OPERATOR_AUTH_LOCKED");
    h.clock.advance(SignedDuration::from_secs(61));
    assert_eq!(
        h.engine
            .authenticate_operator(Presented::Passphrase(PASSPHRASE), "alice")
            .expect("after the first lockout"),
        OperatorAuth::Passphrase
    );
    for _ in 0..5 {
        let _ = h
            .engine
            .authenticate_operator(Presented::Passphrase("guess guess guess"), "agent");
    }
    h.clock.advance(SignedDuration::from_secs(61));
    assert_eq!(
        code_of(
            h.engine
                .authenticate_operator(Presented::Passphrase(PASSPHRASE), "alice")
                .expect_err("the second lockout is twice as long")
        ),
        "OPERATOR_AUTH_LOCKED"
    );
    h.clock.advance(SignedDuration::from_secs(60));
    assert_eq!(
        h.engine
            .authenticate_operator(Presented::Passphrase(PASSPHRASE), "alice")
            .expect("after the second lockout"),
        OperatorAuth::Passphrase
    );
    let failures = h
        .audit()
        .iter()
        .filter(|e| e["operation"] == "operator_auth" && e["outcome"] == "verification_failed")
        .count();
    assert!(
        failures >= 11,
        "each failure and the lockouts are audited: {failures}"
    );
}

#[test]
fn tokens_are_kept_as_digests_and_can_be_revoked() {
    let h = Harness::new();
    assert_eq!(
        code_of(
            h.engine
                .create_operator_token("ci", "alice")
                .expect_err("no init")
        ),
        "NOT_FOUND_OPERATOR_AUTH"
    );
    h.engine
        .init_operator_auth(PASSPHRASE, "alice")
        .expect("init");
    let token = h
        .engine
        .create_operator_token("ci", "alice")
        .expect("token");
    assert!(!format!("{token:?}").contains(&token.token));
    assert_eq!(
        h.engine
            .authenticate_operator(Presented::Token(&token.token), "bot")
            .expect("token"),
        OperatorAuth::Token {
            id: token.id.clone()
        }
    );
    let record = h
        .engine_store()
        .get(Table::Operator, "credential")
        .expect("read")
        .expect("record");
    assert!(
        !String::from_utf8_lossy(&record).contains(&token.token),
        "only the digest is stored"
    );
    h.engine
        .revoke_operator_token(&token.id, "alice")
        .expect("revoke");
    assert_eq!(
        code_of(
            h.engine
                .authenticate_operator(Presented::Token(&token.token), "bot")
                .expect_err("revoked")
        ),
        "OPERATOR_AUTH_FAILED"
    );
    assert_eq!(
        format!("{:?}", Presented::Passphrase(PASSPHRASE)),
        "Passphrase(<redacted>)"
    );
}

#[test]
fn codes_are_withheld_from_the_file_channel_once_on_and_a_person_verifies_without_one() {
    let h = Harness::new();
    // Before: the file channel carries the code (the person reads it there).
    h.start("before");
    let stop = h.step("before", DENIED);
    let id = verification_id(&stop);
    assert!(!h.code_for(&id).is_empty());

    h.engine
        .init_operator_auth(PASSPHRASE, "alice")
        .expect("init");
    h.start("a");
    let stop = h.step("a", DENIED);
    let id = verification_id(&stop);
    let json = std::fs::read_to_string(h.operator_dir.join(format!("{id}.json"))).expect("json");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("notice");
    assert!(doc.get("code").is_none(), "{doc}");
    assert!(
        doc["instructions"]
            .as_str()
            .is_some_and(|i| i.contains("withheld")),
        "{doc}"
    );
    let verified = h
        .engine
        .verify_challenge_by_operator(&id, &operator())
        .expect("a person verifies");
    assert_eq!(verified.result, "unblocked");
    // The challenge is spent: neither the person nor anyone else can use it twice.
    assert!(
        h.engine
            .verify_challenge_by_operator(&id, &operator())
            .is_err()
    );
    let entry = h
        .audit()
        .into_iter()
        .rfind(|e| e["operation"] == "verify_challenge" && e["outcome"] == "unblocked")
        .expect("audited");
    assert_eq!(
        entry["user_id"],
        operator().user_id(),
        "who verified: {entry}"
    );

    // A verify-tier pause too: no code in the file, the person verifies, the action goes on.
    h.start("b");
    let pause = h.step("b", VERIFY);
    let id = verification_id(&pause);
    let json = std::fs::read_to_string(h.operator_dir.join(format!("{id}.json"))).expect("json");
    assert!(!json.contains("\"code\""), "{json}");
    let verified = h
        .engine
        .verify_challenge_by_operator(&id, &operator())
        .expect("a person verifies");
    assert_eq!(verified.result, "resumed");
    assert!(
        h.step("b", VERIFY).directive.proceed,
        "the paused action proceeds once"
    );
}

impl Harness {
    fn engine_store(&self) -> airlock_store::RedbStore {
        // A second handle cannot open the file; read through a copy instead.
        let copy = self.state_dir.join("copy.redb");
        std::fs::copy(self.state_dir.join("state.redb"), &copy).expect("copy");
        airlock_store::RedbStore::open(&copy).expect("open the copy")
    }
}
