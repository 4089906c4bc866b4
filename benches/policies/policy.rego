# The peer comparison's policy in Rego (regorus). The same policy as policy.json (airlock) and
# policy.cedar (Cedar); benches/src/verdict.rs defines the verdicts all three return, and
# docs/performance.md ("The peer comparison's policy") states the policy in words.
#
# Two entry points:
#   hint_verdict       input {"hint": "..."}: a nextActionHint, judged the way airlock's default
#                      pattern stage (guest-policies/default-patterns) judges it with
#                      policy.json's config:
#                      - deny / requires-approval: a configured glob (below) matches the hint
#                        word-aligned anywhere in it, or a danger-levels section 6.2 / 6.1 name
#                        pattern matches an operation name in call position in the hint;
#                      - auto-approve: an autoApprove glob matches the whole hint, and the hint
#                        is a single action;
#                      - deny > requires-approval > auto-approve > fall-through.
#   operation_verdict  input {"operation", "endpoint"?, "annotations"?, "trust"}: a structured
#                      operation's danger level (sections 3.3, 5-6) through the trust x danger
#                      matrix (section 4.1).
#
# Globs are written as regexes (Rego has no word-aligned glob): each regex is the glob in its
# comment with `*` as `.*` and regex metacharacters escaped.
package airlock.peers

import rego.v1

# ---------------------------------------------------------------------------------------------
# Hints
# ---------------------------------------------------------------------------------------------

# policy.json's configured globs: the security-execution-safety-loop 5.2 example policy, plus
# the command globs airlock's pattern stage carried built in before issue #13 (it judges
# commands with its scorer now; this comparison states them as explicit configuration instead).
# deny and requiresApproval globs match word-aligned anywhere in the hint.
deny_patterns := [
	# 5.2
	`drop_.*`, # drop_*
	`delete_all.*`, # delete_all*
	`.*_production.*`, # *_production*
	`rm -rf.*`, # rm -rf*
	# commands
	`drop table .*`, # drop table *
	`drop database .*`, # drop database *
	`truncate table .*`, # truncate table *
	`mkfs.*`, # mkfs*
	`dd .* of=/dev/.*`, # dd * of=/dev/*
	`:\(\)\{ :\|:& \};:`, # :(){ :|:& };:
]

approval_patterns := [
	# 5.2
	`delete_.*`, # delete_*
	`.*force.*`, # *force*
	`deploy_.*`, # deploy_*
	`git push.*`, # git push*
	# commands
	`rm -fr.*`, # rm -fr*
	`rm -r -f.*`, # rm -r -f*
	`rm -f -r.*`, # rm -f -r*
	`rm --recursive --force.*`, # rm --recursive --force*
	`rm --force --recursive.*`, # rm --force --recursive*
	`git push.*--force.*`, # git push*--force*
	`git push.* -f`, # git push* -f
	`git reset --hard.*`, # git reset --hard*
	`git clean -f.*`, # git clean -f*
	`chmod -r 777.*`, # chmod -r 777*
	`curl .*\| sh.*`, # curl *| sh*
	`curl .*\| bash.*`, # curl *| bash*
	`wget .*\| sh.*`, # wget *| sh*
	`wget .*\| bash.*`, # wget *| bash*
]

# autoApprove globs match the whole hint only, and only a single action (issue #13).
auto_approve_patterns := [
	`read_.*`, # read_*
	`list_.*`, # list_*
	`get_.*`, # get_*
	`search_.*`, # search_*
]

# danger-levels 6.2 (forbidden) and 6.1 (dangerous).
forbidden_names := [
	`drop_.*`, # drop_*
	`delete_all.*`, # delete_all*
	`truncate_.*`, # truncate_*
	`reset_.*`, # reset_*
	`destroy_.*`, # destroy_*
	`wipe_.*`, # wipe_*
	`.*_production`, # *_production
]

dangerous_names := [
	`force_.*`, # force_*
	`.*_permanently`, # *_permanently
	`bulk_delete.*`, # bulk_delete*
	`override_.*`, # override_*
	`bypass_.*`, # bypass_*
	`.*_without_backup`, # *_without_backup
	`purge_.*`, # purge_*
]

# danger-levels 6.3, matched against the whole name.
safe_names := [
	`get_.*`, # get_*
	`list_.*`, # list_*
	`search_.*`, # search_*
	`count_.*`, # count_*
	`check_.*`, # check_*
	`introspect.*`, # introspect*
]

# Words that join two actions: a hint holding one is not a single action, and the word after
# one opens an action.
connectors := {
	"then", "and", "after", "afterwards", "also", "plus", "before", "next", "finally", "once",
	"while", "meanwhile",
}

# Words after which the next word is in call position: the operation the agent will run.
call_words := {"call", "calling", "run", "running", "invoke", "invoking", "execute", "executing", "use", "trigger"}

# Words an action may open with before naming its operation ("I will", "now", "please").
lead_words := {"i", "i'll", "will", "we", "we'll", "let", "let's", "me", "now", "please", "first", "ok", "step"}

# A word in lower case, when it is ASCII (the word lists are compared ignoring ASCII case only:
# `lower` would also fold a Kelvin sign `K` to `k`).
ascii_lower(w) := lower(w) if regex.match(`^[\x00-\x7F]*$`, w)

# The hint as globs see it: lower case, whitespace runs collapsed to one space, trimmed.
hint_text := trim_space(regex.replace(lower(input.hint), `\s+`, " "))

# The hint's whitespace-separated tokens, in order.
hint_tokens := regex.find_n(`\S+`, input.hint, -1)

# A cut is a position that is not inside a word (a word: letters, digits and `_`, as Rust's
# `char::is_alphanumeric` counts them): a pattern matches the hint when it matches a part of it
# that starts and ends at cuts, so `drop_*` matches `call drop_table now` but not
# `airdrop_tokens`. (The regex `\b` will not do: its `\w` also counts combining marks, so
# `İrm -rf`, lower-cased `i̇rm -rf`, would hide `rm` inside a word.) A pattern starting with a
# word character must start the hint or follow a non-word character; one starting with `.*`
# or a non-word character always starts at a cut; likewise at its end.
starts_with_word(pattern) := regex.match(`^[\p{Alphabetic}\p{N}_]`, pattern)

ends_with_word(pattern) := regex.match(`[\p{Alphabetic}\p{N}_]$`, pattern)

word_start(true) := `(?:^|[^\p{Alphabetic}\p{N}_])`

word_start(false) := ""

word_end(true) := `(?:[^\p{Alphabetic}\p{N}_]|$)`

word_end(false) := ""

# One regex per list and kind of ends (an alternation): regorus then runs at most four regex
# searches per list instead of one per pattern, and each regex holds one negated Unicode class
# per end (one per pattern would pass regorus's limit on a compiled regex's size).
hint_matches(patterns) if {
	hint_text != ""
	some start in [true, false]
	some end in [true, false]
	group := [p | some p in patterns; starts_with_word(p) == start; ends_with_word(p) == end]
	count(group) > 0
	regex.match(concat("", [word_start(start), "(?:", concat("|", group), ")", word_end(end)]), hint_text)
}

# --- Single action -------------------------------------------------------------------------
# A hint is a single action when it holds no shell operator or substitution (`;` `&` `|` a
# backtick `$(` `>` `<`), no comma, no line break, no ASCII control character but tab, no
# non-ASCII character that is not a letter or a digit (a fullwidth `；` or a zero-width space
# could hide a second action), and no connector word (a whitespace-separated token, trimmed of
# what is not a letter or digit at both ends, equal to a connector ignoring ASCII case).
single_action if {
	not regex.match(`[;&|,<>\x60\n\r]|\$\(`, input.hint)
	not regex.match(`[\x00-\x08\x0A-\x1F\x7F]`, input.hint)
	not regex.match(`[^\x00-\x7F\p{Alphabetic}\p{N}]`, input.hint)
	not holds_connector
}

holds_connector if {
	some raw in hint_tokens
	w := regex.replace(raw, `^[^\p{Alphabetic}\p{N}]+|[^\p{Alphabetic}\p{N}]+$`, "")
	ascii_lower(w) in connectors
}

# --- Operation names in call position --------------------------------------------------------
# Section 6 name patterns apply to the operation names the hint will run, not to names it only
# mentions. A token's word is the token trimmed of what is not a letter, digit or `_` at both
# ends, cut at its first `(` (`drop_table(users)` runs `drop_table`; what an expression calls
# inside is code, not the action's operation).
token_words := {i: w |
	some i, raw in hint_tokens
	w := split(regex.replace(raw, `^[^\p{Alphabetic}\p{N}_]+|[^\p{Alphabetic}\p{N}_]+$`, ""), "(")[0]
}

# Reading the tokens in order, a word is in call position when an action starts there: at the
# start of the hint; after a token ending in `;` `,` `&` or `|`; after a call word or a
# connector; and past lead-ins (lead words, numbers, a token ending in `:`) that follow such a
# start ("I will call", "Step 3 -", "next:"). Each token either sets the start ("set"), leaves
# it as it was ("keep": an empty word, or a lead-in), or ends it ("clear"); a word is in call
# position when the last token before it that is not "keep" is "set", or there is none.
token_class(raw, w) := "set" if {
	regex.match(`[;,&|]$`, raw)
} else := "set" if {
	ascii_lower(w) in (call_words | connectors)
} else := "keep" if {
	w == ""
} else := "keep" if {
	ascii_lower(w) in lead_words
} else := "keep" if {
	regex.match(`^[0-9]+$`, w)
} else := "keep" if {
	endswith(raw, ":")
} else := "clear"

token_classes := {i: token_class(raw, token_words[i]) | some i, raw in hint_tokens}

# The index of the last token before token `i` of class `c`, or -1.
last_before(c, i) := max({j | some j, k in token_classes; k == c; j < i} | {-1})

in_call_position(i) if last_before("set", i) >= last_before("clear", i)

# An operation name: a word holding `_` after a first ASCII letter (`drop_table`,
# `mcp__db__purge_all`; `_`s at its ends do not count), or holding a camelCase change from an
# ASCII lower-case to an upper-case letter (`DropTable`, `dROP-taBLe`). Its `-` `.` `/` `:`
# count as `_` in its spellings below, so `dropTable` and `Drop-Table` are read as
# `drop_table`; an all-lower-case `drop-table` is no operation name.
operation_like(w) if {
	t := trim(w, "_")
	contains(t, "_")
	regex.match(`^[A-Za-z]`, t)
}

operation_like(w) if regex.match(`[a-z][A-Z]`, w)

call_position_names contains w if {
	some i, w in token_words
	w != ""
	operation_like(w)
	in_call_position(i)
}

# The call-position names in both spellings (canonical and plain, see `spellings`).
hint_names contains s if {
	some w in call_position_names
	some s in spellings(w)
}

# A name pattern matches a run of whole `_`-separated words of a canonical name.
matches_name_words(name, pattern) if regex.match(concat("", [`(?:^|_)(?:`, pattern, `)(?:_|$)`]), name)

names_match(patterns) if {
	some n in hint_names
	matches_name_words(n, concat("|", patterns))
}

hint_deny if hint_matches(deny_patterns)

hint_deny if names_match(forbidden_names)

hint_approval if hint_matches(approval_patterns)

hint_approval if names_match(dangerous_names)

# The whole hint, as globs see it, matches an autoApprove glob, and the hint is one action.
hint_auto_approve if {
	hint_text != ""
	regex.match(concat("", [`^(?:`, concat("|", auto_approve_patterns), `)$`]), hint_text)
	single_action
}

# Resolution order: deny > requiresApproval > autoApprove > fall through.
hint_verdict := "deny" if {
	hint_deny
} else := "requires-approval" if {
	hint_approval
} else := "auto-approve" if {
	hint_auto_approve
} else := "fall-through"

# ---------------------------------------------------------------------------------------------
# Structured operations
# ---------------------------------------------------------------------------------------------

# The canonical form of a name: camelCase split, lower case, runs of `_ - . / :` and whitespace
# as one `_`, none at either end (`DropTable`, `drop-table`, `DROP_TABLE` are `drop_table`).
canonical(name) := trim(
	regex.replace(
		lower(regex.replace(
			regex.replace(name, `([A-Z])([A-Z][a-z])`, "${1}_${2}"),
			`([a-z0-9])([A-Z])`, "${1}_${2}",
		)),
		`[-_./:\s]+`, "_",
	),
	"_",
)

# The plain form of a name: the canonical form without splitting words at case changes
# (`WiPe_DaTa` is `wipe_data`, where its canonical form is `wi_pe_da_ta`).
plain(name) := trim(regex.replace(lower(name), `[-_./:\s]+`, "_"), "_")

# The spellings name patterns are matched in: the canonical and the plain form. A random
# mixed-case name (`DrOp_TaBlE`, canonically `dr_op_ta_bl_e`) must not slip past `drop_*`, so
# the highest level matched in either applies (section 5.1).
spellings(name) := {canonical(name), plain(name)}

op_name := canonical(input.operation)

op_spellings := spellings(input.operation)

# Section 5.1: the highest level among the patterns that match any spelling; a safe pattern
# only counts when no higher one matches, and must match the whole name.
pattern_level := 4 if {
	some n in op_spellings
	matches_name_words(n, concat("|", forbidden_names))
} else := 3 if {
	some n in op_spellings
	matches_name_words(n, concat("|", dangerous_names))
} else := 0 if {
	some n in op_spellings
	regex.match(concat("", ["^(?:", concat("|", safe_names), ")$"]), n)
}

# Section 3.3: the CRUDE endpoint's default; no endpoint is `reversible` (section 7.1).
endpoint_levels := {"read": 0, "create": 1, "update": 1, "execute": 1, "delete": 2}

default fallback_level := 1

fallback_level := endpoint_levels[input.endpoint]

# MCP ToolAnnotations: readOnlyHint (default false) is safe; destructiveHint (default true)
# is destructive; otherwise reversible.
claimed_level := 0 if {
	input.annotations.readOnlyHint == true
} else := 1 if {
	input.annotations.destructiveHint == false
} else := 2

trust_ranks := {"untested": 0, "generated": 1, "validated": 2, "community_reviewed": 3, "certified": 4}

trust := trust_ranks[input.trust]

# Annotations from an adapter below `validated` may raise the fallback but never lower it.
hint_level := claimed_level if {
	input.annotations
	trust >= 2
} else := claimed_level if {
	input.annotations
	claimed_level >= fallback_level
} else := fallback_level

level := pattern_level if {
	pattern_level >= 0
} else := hint_level

# Section 4.1: rows danger safe..forbidden, columns trust untested..certified.
matrix := [
	["introspect_only", "allow", "allow", "allow", "allow"],
	["deny", "deny", "allow", "allow", "allow"],
	["deny", "deny", "confirm", "allow", "allow"],
	["deny", "deny", "deny", "confirm", "allow"],
	["deny", "deny", "deny", "deny", "confirm"],
]

cell := matrix[level][trust]

operation_verdict := "auto-approve" if {
	cell == "allow"
} else := "auto-approve" if {
	cell == "introspect_only"
	op_name == "introspect"
} else := "requires-approval" if {
	cell == "confirm"
} else := "deny"
