//! Grades one parsed SQL statement from its syntax tree (the table in [`crate::sql`]).

use sqlparser::ast::{
    AlterRoleOperation, AlterTableOperation, BinaryOperator, Expr, FromTable, MergeAction,
    ObjectType, Privileges, Query, RoleOption, SetExpr, Statement, UnaryOperator, Value,
};

use crate::finding::{Family, Finding, Severity};

fn push(out: &mut Vec<Finding>, code: &'static str, severity: Severity, message: String) {
    out.push(Finding {
        family: Family::Database,
        code,
        severity,
        message,
    });
}

/// Adds what `s` does that deserves a pause to `out`.
pub fn judge(s: &Statement, out: &mut Vec<Finding>) {
    match s {
        Statement::Drop {
            object_type: object_type @ (ObjectType::User | ObjectType::Role),
            names,
            cascade: true,
            ..
        } => {
            let names = names
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            push(
                out,
                "database.drop-user-cascade",
                Severity::Stop,
                format!(
                    "SQL DROP {object_type} {names} CASCADE drops the account and every object it owns: its schema's tables and rows"
                ),
            );
        }
        Statement::Drop {
            object_type, names, ..
        } => {
            let names = names
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            let (code, severity, why) = match object_type {
                ObjectType::Database => (
                    "database.drop-database",
                    Severity::Stop,
                    "drops a whole database: every table and row, beyond repair without a backup",
                ),
                ObjectType::Schema => (
                    "database.drop-schema",
                    Severity::Stop,
                    "drops a whole schema: every table in it",
                ),
                ObjectType::Table => (
                    "database.drop-table",
                    Severity::Verify,
                    "drops the table and every row in it",
                ),
                ObjectType::User | ObjectType::Role | ObjectType::Group => (
                    "database.drop-user",
                    Severity::Verify,
                    "drops a database user or role: whoever uses it loses access",
                ),
                _ => (
                    "database.drop-object",
                    Severity::Confirm,
                    "drops a definition (recreatable; no rows lost)",
                ),
            };
            push(
                out,
                code,
                severity,
                format!("SQL DROP {object_type} {names} {why}"),
            );
        }
        Statement::Truncate(t) => {
            let names = t
                .table_names
                .iter()
                .map(|n| n.name.to_string())
                .collect::<Vec<_>>()
                .join(", ");
            push(
                out,
                "database.truncate",
                Severity::Verify,
                format!("SQL TRUNCATE {names} removes every row of the table at once"),
            );
        }
        Statement::Delete(d) => {
            let table = d.from.to_string();
            let table = table.trim_start_matches("FROM ").trim();
            // A join or USING restricts the rows as a WHERE does (MySQL's `DELETE t FROM t JOIN
            // u ON ...`, PostgreSQL's `DELETE FROM t USING u WHERE ...`).
            let from = match &d.from {
                FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) => f,
            };
            let joined = d.using.is_some() || from.iter().any(|t| !t.joins.is_empty());
            match &d.selection {
                None if joined => push(
                    out,
                    "database.delete-where",
                    Severity::Confirm,
                    format!(
                        "SQL DELETE FROM {table} with a join removes the matching rows for good"
                    ),
                ),
                None if d.limit.is_some() => push(
                    out,
                    "database.delete-limited",
                    Severity::Confirm,
                    format!("SQL DELETE FROM {table} without WHERE, bounded by LIMIT"),
                ),
                None => push(
                    out,
                    "database.delete-all",
                    Severity::Verify,
                    format!("SQL DELETE FROM {table} without WHERE removes every row"),
                ),
                Some(e) if always_true(e) => push(
                    out,
                    "database.delete-all",
                    Severity::Verify,
                    format!(
                        "SQL DELETE FROM {table} WHERE {e}: an always-true condition removes every row"
                    ),
                ),
                Some(_) => push(
                    out,
                    "database.delete-where",
                    Severity::Confirm,
                    format!("SQL DELETE FROM {table} WHERE ... removes the selected rows for good"),
                ),
            }
        }
        Statement::Update(u) => {
            let table = &u.table;
            let sensitive = u.assignments.iter().any(|a| {
                let column = a.target.to_string().to_ascii_lowercase();
                SENSITIVE_COLUMNS.iter().any(|c| column.contains(c))
            });
            let joined = u.from.is_some() || !u.table.joins.is_empty();
            match &u.selection {
                None if joined => push(
                    out,
                    "database.update-where",
                    Severity::Confirm,
                    format!("SQL UPDATE {table} with a join overwrites the matching rows' values"),
                ),
                None if u.limit.is_some() => push(
                    out,
                    "database.update-limited",
                    Severity::Confirm,
                    format!("SQL UPDATE {table} without WHERE, bounded by LIMIT"),
                ),
                None => push(
                    out,
                    "database.update-all",
                    Severity::Verify,
                    format!("SQL UPDATE {table} without WHERE overwrites every row"),
                ),
                Some(e) if always_true(e) => push(
                    out,
                    "database.update-all",
                    Severity::Verify,
                    format!(
                        "SQL UPDATE {table} WHERE {e}: an always-true condition overwrites every row"
                    ),
                ),
                Some(_) if sensitive => push(
                    out,
                    "database.update-privilege",
                    Severity::Confirm,
                    format!("SQL UPDATE {table} sets a privilege or credential column"),
                ),
                Some(_) => push(
                    out,
                    "database.update-where",
                    Severity::Confirm,
                    format!("SQL UPDATE {table} ... WHERE overwrites the selected rows' values"),
                ),
            }
        }
        Statement::AlterTable(a) => {
            for op in &a.operations {
                let (code, severity, what) = match op {
                    AlterTableOperation::DropColumn { column_names, .. } => {
                        let cols = column_names
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", ");
                        (
                            "database.alter-drop-column",
                            Severity::Verify,
                            format!("drops column {cols}: its data in every row, for good"),
                        )
                    }
                    AlterTableOperation::DropPartitions { .. } => (
                        "database.alter-drop-column",
                        Severity::Verify,
                        "drops partitions and every row in them".into(),
                    ),
                    AlterTableOperation::DropConstraint { name, .. } => (
                        "database.alter-drop",
                        Severity::Confirm,
                        format!("drops constraint {name} (an integrity guarantee)"),
                    ),
                    AlterTableOperation::DropPrimaryKey { .. } => (
                        "database.alter-drop",
                        Severity::Confirm,
                        "drops the primary key".into(),
                    ),
                    AlterTableOperation::DropForeignKey { name, .. } => (
                        "database.alter-drop",
                        Severity::Confirm,
                        format!("drops foreign key {name}"),
                    ),
                    AlterTableOperation::DropIndex { name } => (
                        "database.alter-drop",
                        Severity::Confirm,
                        format!("drops index {name}"),
                    ),
                    _ => continue,
                };
                push(
                    out,
                    code,
                    severity,
                    format!("SQL ALTER TABLE {} {what}", a.name),
                );
            }
        }
        Statement::Grant(g) => {
            if matches!(g.privileges, Privileges::All { .. }) {
                push(
                    out,
                    "database.grant-all",
                    Severity::Verify,
                    "SQL GRANT ALL gives every privilege on the objects".into(),
                );
            } else if s.to_string().to_ascii_uppercase().contains("TO PUBLIC") {
                push(
                    out,
                    "database.grant-public",
                    Severity::Confirm,
                    "SQL GRANT ... TO PUBLIC gives the privilege to every database user".into(),
                );
            }
        }
        Statement::Revoke(_) => push(
            out,
            "database.revoke",
            Severity::Confirm,
            "SQL REVOKE takes privileges away: an application may lose access to its data".into(),
        ),
        Statement::AlterRole {
            name,
            operation: AlterRoleOperation::WithOptions { options },
        } => {
            let escalates = options.iter().any(|o| {
                matches!(
                    o,
                    RoleOption::SuperUser(true)
                        | RoleOption::BypassRLS(true)
                        | RoleOption::CreateRole(true)
                        | RoleOption::Replication(true)
                )
            });
            if escalates {
                push(
                    out,
                    "database.role-escalation",
                    Severity::Verify,
                    format!("SQL ALTER ROLE {name} grants superuser-level options"),
                );
            }
        }
        Statement::CreateRole(c) if c.superuser == Some(true) || c.bypassrls == Some(true) => {
            push(
                out,
                "database.role-escalation",
                Severity::Verify,
                "SQL CREATE ROLE with SUPERUSER or BYPASSRLS".into(),
            );
        }
        Statement::AlterUser(_) | Statement::CreateUser(_) | Statement::GrantRole(_) => {
            let text = s.to_string().to_ascii_uppercase();
            if [
                "SUPERUSER",
                "BYPASSRLS",
                "ALL PRIVILEGES",
                "SYSADMIN",
                "ACCOUNTADMIN",
            ]
            .iter()
            .any(|w| text.contains(w))
            {
                push(
                    out,
                    "database.role-escalation",
                    Severity::Verify,
                    "SQL gives a user superuser or administrator privileges".into(),
                );
            }
        }
        Statement::DropFunction(_)
        | Statement::DropProcedure { .. }
        | Statement::DropTrigger(_)
        | Statement::DropPolicy(_)
        | Statement::DropExtension(_) => push(
            out,
            "database.drop-object",
            Severity::Confirm,
            "SQL DROP of a definition (recreatable; no rows lost)".into(),
        ),
        Statement::Merge(m) => {
            let deletes = m
                .clauses
                .iter()
                .any(|c| matches!(c.action, MergeAction::Delete { .. }));
            if deletes {
                push(
                    out,
                    "database.merge-delete",
                    Severity::Confirm,
                    "SQL MERGE ... THEN DELETE removes the matched rows".into(),
                );
            }
        }
        Statement::Query(q) => judge_query(q, out),
        // EXPLAIN ANALYZE runs the statement it explains (PostgreSQL, MySQL 8).
        Statement::Explain {
            analyze: true,
            statement,
            ..
        } => judge(statement, out),
        _ => {}
    }
}

/// The statements a query runs: a `DELETE`/`UPDATE` in a common table expression or as the
/// query's body (PostgreSQL's data-modifying `WITH`).
fn judge_query(q: &Query, out: &mut Vec<Finding>) {
    if let Some(with) = &q.with {
        for cte in &with.cte_tables {
            judge_query(&cte.query, out);
        }
    }
    match q.body.as_ref() {
        SetExpr::Update(s) | SetExpr::Delete(s) | SetExpr::Merge(s) => judge(s, out),
        SetExpr::Query(inner) => judge_query(inner, out),
        _ => {}
    }
}

/// Column names (lower case, matched inside the name) whose update changes who may do what.
const SENSITIVE_COLUMNS: [&str; 8] = [
    "role",
    "admin",
    "password",
    "permission",
    "privilege",
    "superuser",
    "is_staff",
    "owner",
];

/// Whether a `WHERE` condition holds for every row whatever the data: `1=1`, `true`, `1`,
/// `'a' = 'a'`, `id = id`, `NOT false`, `x OR 1=1`, `(1=1) AND (2>1)`.
pub fn always_true(e: &Expr) -> bool {
    match e {
        Expr::Nested(inner) => always_true(inner),
        Expr::Value(v) => match &v.value {
            Value::Boolean(b) => *b,
            Value::Number(n, _) => number(n).is_some_and(|x| x != 0.0),
            _ => false,
        },
        Expr::UnaryOp {
            op: UnaryOperator::Not,
            expr,
        } => always_false(expr),
        Expr::BinaryOp { left, op, right } => match op {
            BinaryOperator::Or => always_true(left) || always_true(right),
            BinaryOperator::And => always_true(left) && always_true(right),
            _ => compare_constant(left, op, right) == Some(true),
        },
        Expr::IsTrue(inner) => always_true(inner),
        // `LIKE '%'` matches every non-null value.
        Expr::Like {
            negated: false,
            pattern,
            ..
        }
        | Expr::ILike {
            negated: false,
            pattern,
            ..
        } => {
            matches!(pattern.as_ref(), Expr::Value(v) if matches!(&v.value, Value::SingleQuotedString(p) if !p.is_empty() && p.chars().all(|c| c == '%')))
        }
        Expr::IsNotFalse(inner) => always_true(inner),
        _ => false,
    }
}

fn always_false(e: &Expr) -> bool {
    match e {
        Expr::Nested(inner) => always_false(inner),
        Expr::Value(v) => match &v.value {
            Value::Boolean(b) => !*b,
            Value::Number(n, _) => number(n) == Some(0.0),
            _ => false,
        },
        Expr::BinaryOp { left, op, right } => match op {
            BinaryOperator::Or => always_false(left) && always_false(right),
            BinaryOperator::And => always_false(left) || always_false(right),
            _ => compare_constant(left, op, right) == Some(false),
        },
        _ => false,
    }
}

fn number(n: &str) -> Option<f64> {
    n.parse::<f64>().ok()
}

/// The value of a comparison whose two sides are constants (or the same column, which equals
/// itself), when it can be known without the data.
fn compare_constant(left: &Expr, op: &BinaryOperator, right: &Expr) -> Option<bool> {
    let strip = |e: &Expr| -> String {
        let mut e = e;
        while let Expr::Nested(inner) = e {
            e = inner;
        }
        e.to_string()
    };
    let constant = |e: &Expr| {
        let mut e = e;
        while let Expr::Nested(inner) = e {
            e = inner;
        }
        match e {
            Expr::Value(v) => Some(v.value.clone()),
            _ => None,
        }
    };
    let same_column = matches!(
        (left, right),
        (
            Expr::Identifier(_) | Expr::CompoundIdentifier(_),
            Expr::Identifier(_) | Expr::CompoundIdentifier(_)
        )
    ) && strip(left) == strip(right);
    let (l, r) = match (constant(left), constant(right)) {
        (Some(l), Some(r)) => (l, r),
        _ if same_column => {
            return match op {
                BinaryOperator::Eq | BinaryOperator::GtEq | BinaryOperator::LtEq => Some(true),
                BinaryOperator::NotEq | BinaryOperator::Gt | BinaryOperator::Lt => Some(false),
                _ => None,
            };
        }
        _ => return None,
    };
    let ordering = match (&l, &r) {
        (Value::Number(a, _), Value::Number(b, _)) => number(a)?.partial_cmp(&number(b)?)?,
        (Value::SingleQuotedString(a), Value::SingleQuotedString(b))
        | (Value::DoubleQuotedString(a), Value::DoubleQuotedString(b)) => a.cmp(b),
        (Value::Boolean(a), Value::Boolean(b)) => a.cmp(b),
        _ => return None,
    };
    use std::cmp::Ordering::*;
    Some(match op {
        BinaryOperator::Eq => ordering == Equal,
        BinaryOperator::NotEq => ordering != Equal,
        BinaryOperator::Gt => ordering == Greater,
        BinaryOperator::Lt => ordering == Less,
        BinaryOperator::GtEq => ordering != Less,
        BinaryOperator::LtEq => ordering != Greater,
        _ => return None,
    })
}
