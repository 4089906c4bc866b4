# The peer comparison's policy in Rego (regorus). The same policy as policy.json (airlock) and
# policy.cedar (Cedar); benches/src/verdict.rs defines the verdicts all three return.
#
# Two entry points:
#   hint_verdict       input {"hint": "..."}: a nextActionHint against the
#                      security-execution-safety-loop 5.2 globs and the danger-levels section 6
#                      patterns, matched the way airlock's default pattern stage matches them;
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

# security-execution-safety-loop 5.2, the example policy.
deny_patterns := [
	`drop_.*`, # drop_*
	`delete_all.*`, # delete_all*
	`.*_production.*`, # *_production*
	`rm -rf.*`, # rm -rf*
]

approval_patterns := [
	`delete_.*`, # delete_*
	`.*force.*`, # *force*
	`deploy_.*`, # deploy_*
	`git push.*`, # git push*
]

auto_approve_patterns := [
	`read_.*`, # read_*
	`list_.*`, # list_*
	`get_.*`, # get_*
	`search_.*`, # search_*
]

# airlock's default pattern stage also carries the spoken forms of the section 6 dangers
# (guest-policies/default-patterns, FORBIDDEN_COMMANDS and DANGEROUS_COMMANDS): part of the
# policy being compared, so part of this one.
forbidden_commands := [
	`drop table .*`, # drop table *
	`drop database .*`, # drop database *
	`truncate table .*`, # truncate table *
	`mkfs.*`, # mkfs*
	`dd .* of=/dev/.*`, # dd * of=/dev/*
	`:\(\)\{ :\|:& \};:`, # :(){ :|:& };:
]

dangerous_commands := [
	`rm -rf.*`, # rm -rf*
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

# The hint as patterns see it: lower case, whitespace runs collapsed to one space, trimmed.
hint_text := trim_space(regex.replace(lower(input.hint), `\s+`, " "))

# A cut is a position that is not inside a word (a word: letters, digits and `_`): a pattern
# matches the hint when it matches a part of it that starts and ends at cuts, so `drop_*`
# matches `call drop_table now` but not `airdrop_tokens`.
cut := `(?:\b{start-half}|\b{end-half})`

matches_in(text, pattern) if regex.match(concat("", [cut, "(?:", pattern, ")", cut]), text)

# One regex per list (an alternation): regorus then runs one regex search per list instead of
# one per pattern.
hint_matches(patterns) if {
	hint_text != ""
	matches_in(hint_text, concat("|", patterns))
}

# The words of the hint that look like snake_case operation names (`drop_table`,
# `mcp__db__wipe_data`), in both spellings (canonical and plain, see `spellings`): section 6
# name patterns apply to them.
hint_words contains w if {
	some w in regex.find_n(`[\p{Alphabetic}\p{N}_]+`, input.hint, -1)
	t := trim(w, "_")
	contains(t, "_")
	regex.match(`^\p{Alphabetic}`, t)
}

operation_like_words contains s if {
	some w in hint_words
	some s in spellings(w)
}

# A name pattern matches a run of whole `_`-separated words of a canonical name.
matches_name_words(name, pattern) if regex.match(concat("", [`(?:^|_)(?:`, pattern, `)(?:_|$)`]), name)

words_match(patterns) if {
	some w in operation_like_words
	matches_name_words(w, concat("|", patterns))
}

hint_deny if hint_matches(deny_patterns)

hint_deny if hint_matches(forbidden_commands)

hint_deny if words_match(forbidden_names)

hint_approval if hint_matches(approval_patterns)

hint_approval if hint_matches(dangerous_commands)

hint_approval if words_match(dangerous_names)

# Resolution order: deny > requiresApproval > autoApprove > fall through.
hint_verdict := "deny" if {
	hint_deny
} else := "requires-approval" if {
	hint_approval
} else := "auto-approve" if {
	hint_matches(auto_approve_patterns)
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
