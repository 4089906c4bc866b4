//! The reach of the object a REST, RPC or GraphQL call acts on, and publication.
//!
//! # Why
//!
//! The HTTP reader ([`super::http`]) grades `DELETE` by the nouns of the path, which says a
//! remote resource goes, not how much goes with it: `DELETE /1/boards/ID` (Trello) takes every
//! list and card of the board, `DELETE /services/ID` (PagerDuty) every integration and
//! escalation, `DELETE /1/cards/ID` one card. What an object holds is in each vendor's
//! reference, so it is data here: a table of path shapes per API (host suffix, method, the end
//! of the path) naming the **container** it reaches, written from the references of Trello,
//! Jira, Confluence, Asana, ClickUp, Notion, Airtable, PagerDuty, Opsgenie, Datadog, Grafana,
//! Sentry, GitHub, GitLab, Bitbucket, Gitea, Azure DevOps, Slack, Discord, Microsoft Graph,
//! Zendesk, Intercom, HubSpot, Salesforce, Stripe, Shopify, Contentful, Sanity, Algolia,
//! Vercel, Netlify, Heroku, Render, Fly, Railway, Cloudflare, DigitalOcean, Linode, Vultr,
//! Hetzner, Auth0, Okta, Twilio, SendGrid, Mailchimp, Mailgun, Postmark, Terraform Cloud,
//! Pulumi, LaunchDarkly, Supabase, Neon, PlanetScale, MongoDB Atlas, Postman, Docker Hub and
//! Harbor. Where no row names the call, the collection word itself decides when it names a
//! container in every API that uses it (`workspaces/ID`, `organizations/ID`, `boards/ID`).
//!
//! The same reach reads RPC-style method names (Slack's `admin.conversations.delete`, AT
//! Protocol's `com.atproto.server.deleteAccount`) and GraphQL mutations (`teamDelete`,
//! `delete_board`): a container deleted, archived or transferred is verified (an organization,
//! an account or a tenant stopped); a leaf deleted is asked.
//!
//! **Publication**: a post that anyone can read (Mastodon-compatible statuses, Bluesky
//! records, Misskey notes, X, LinkedIn, Reddit, Facebook and Threads, Tumblr, Medium, dev.to,
//! WordPress and Ghost published, a public gist, a Webflow site or a Contentful entry
//! published) is asked: it is seen before it can be taken down. A draft stays a draft; a body
//! read from a file is not read here, so it is taken as publishing.
//!
//! # What may lower
//!
//! Nothing: every rule raises. Only a read method (the caller's), a loopback host (the
//! caller's) or a draft state the body itself sets keeps a rule from firing, and a second
//! field saying publish keeps it firing.
//!
//! Speed: reached only for a web client's request with a method that may change something; the
//! table is scanned by host suffix first.

use crate::finding::{Family, Finding, Severity};

use super::{Cmd, finding};

/// A request as the HTTP reader (or `gh api` / `glab api`) took it apart.
pub(crate) struct Call<'a> {
    /// The method, upper case.
    pub method: &'a str,
    pub url: &'a str,
    pub host: &'a str,
    pub path: &'a str,
    pub query: &'a str,
    pub bodies: &'a [&'a str],
}

/// What a route does to what it names.
#[derive(Clone, Copy, PartialEq)]
enum Effect {
    /// A container deleted with everything under it.
    Whole,
    /// A container archived (read-only, hidden) or closed.
    Archived,
    /// A container handed to another owner.
    Transferred,
    /// Every item of a container deleted or archived at once.
    Emptied,
    /// Something anyone can read is posted or published.
    Published(When),
}

/// When a publishing route publishes, by the fields of its body.
#[derive(Clone, Copy, PartialEq)]
enum When {
    /// Always (a status, a tweet: public by default).
    Always,
    /// Only when one of the keys is set to one of the values (WordPress `status=publish`;
    /// drafts by default), or when the body is read from a file.
    Set(&'static [&'static str], &'static [&'static str]),
    /// Unless every one of the keys present is set to one of the values (Medium's
    /// `publishStatus: draft`; public by default).
    Unless(&'static [&'static str], &'static [&'static str]),
}

/// One row: the host (a suffix of it; empty for a path only that software serves, on any
/// host), the methods (`|`-list), the end of the path (`|`-list of spellings, `{}` any one
/// segment), what goes and how.
struct Route {
    host: &'static str,
    methods: &'static str,
    tail: &'static [&'static str],
    effect: Effect,
    what: &'static str,
}

const fn gone(host: &'static str, tail: &'static [&'static str], what: &'static str) -> Route {
    Route {
        host,
        methods: "DELETE",
        tail,
        effect: Effect::Whole,
        what,
    }
}

const fn acts(
    host: &'static str,
    methods: &'static str,
    tail: &'static [&'static str],
    effect: Effect,
    what: &'static str,
) -> Route {
    Route {
        host,
        methods,
        tail,
        effect,
        what,
    }
}

const ANY: &str = "";
const WRITE: &str = "POST|PUT|PATCH";

/// The containers of each API, from its reference: the path that deletes (or archives,
/// transfers, empties) one, and what it holds. Leaves are not listed: the HTTP reader asks
/// for any `DELETE`.
#[rustfmt::skip]
const ROUTES: &[Route] = &[
    // Trello.
    gone("api.trello.com", &["boards", "{}"], "a Trello board with every list and card"),
    gone("api.trello.com", &["organizations", "{}"], "a Trello workspace with its boards"),
    acts("api.trello.com", WRITE, &["lists", "{}", "archiveallcards"], Effect::Emptied, "every card of a Trello list"),
    acts("api.trello.com", WRITE, &["boards", "{}", "closed"], Effect::Archived, "a Trello board"),
    // Jira and Confluence (Atlassian Cloud and Server).
    gone(ANY, &["rest", "api", "2|3|latest", "project", "{}"], "a Jira project with all its issues"),
    gone(ANY, &["rest", "agile", "1.0", "board", "{}"], "a Jira board"),
    acts(ANY, WRITE, &["rest", "api", "2|3|latest", "project", "{}", "archive"], Effect::Archived, "a Jira project"),
    gone(ANY, &["rest", "api", "space", "{}"], "a Confluence space with every page"),
    gone(ANY, &["wiki", "api", "v2", "spaces", "{}"], "a Confluence space with every page"),
    // Asana.
    gone("app.asana.com", &["projects", "{}"], "an Asana project with its tasks"),
    gone("app.asana.com", &["portfolios", "{}"], "an Asana portfolio"),
    gone("app.asana.com", &["teams", "{}"], "an Asana team"),
    // ClickUp: spaces hold folders, folders hold lists, lists hold tasks.
    gone("api.clickup.com", &["space", "{}"], "a ClickUp space with its folders, lists and tasks"),
    gone("api.clickup.com", &["folder", "{}"], "a ClickUp folder with its lists and tasks"),
    gone("api.clickup.com", &["list", "{}"], "a ClickUp list with its tasks"),
    gone("api.clickup.com", &["team", "{}"], "a ClickUp workspace"),
    // Airtable's metadata API.
    gone("api.airtable.com", &["meta", "bases", "{}"], "an Airtable base with every table"),
    gone("api.airtable.com", &["meta", "workspaces", "{}"], "an Airtable workspace with its bases"),
    // PagerDuty and Opsgenie.
    gone("api.pagerduty.com", &["services", "{}"], "a PagerDuty service with its integrations and routing"),
    gone("api.pagerduty.com", &["business_services", "{}"], "a PagerDuty business service"),
    gone("api.pagerduty.com", &["escalation_policies", "{}"], "a PagerDuty escalation policy"),
    gone("api.pagerduty.com", &["schedules", "{}"], "a PagerDuty on-call schedule"),
    gone("api.pagerduty.com", &["rulesets", "{}"], "a PagerDuty event ruleset"),
    gone("opsgenie.com", &["services", "{}"], "an Opsgenie service"),
    gone("opsgenie.com", &["schedules", "{}"], "an Opsgenie on-call schedule"),
    gone("opsgenie.com", &["escalations", "{}"], "an Opsgenie escalation"),
    gone("opsgenie.com", &["integrations", "{}"], "an Opsgenie integration with its alert routing"),
    // Datadog, Grafana, Sentry.
    gone("datadoghq.com", &["logs", "config", "indexes", "{}"], "a Datadog log index"),
    gone("datadoghq.eu", &["logs", "config", "indexes", "{}"], "a Datadog log index"),
    gone("datadoghq.com", &["org", "{}"], "a Datadog organization"),
    gone(ANY, &["api", "folders", "{}"], "a Grafana folder with its dashboards and alerts"),
    gone(ANY, &["api", "orgs", "{}"], "a Grafana organization"),
    gone(ANY, &["api", "datasources", "uid|name", "{}"], "a Grafana data source every dashboard on it reads"),
    gone("grafana.com", &["api", "instances", "{}"], "a Grafana Cloud stack"),
    gone("sentry.io", &["projects", "{}", "{}"], "a Sentry project with its events"),
    gone("sentry.io", &["teams", "{}", "{}"], "a Sentry team"),
    gone(ANY, &["api", "0", "projects", "{}", "{}"], "a Sentry project with its events"),
    // Forges: GitHub, GitLab, Bitbucket, Gitea/Forgejo, Azure DevOps, Docker Hub, Harbor.
    gone("github.com", &["orgs", "{}", "teams", "{}"], "a GitHub team"),
    acts("github.com", "POST", &["repos", "{}", "{}", "transfer"], Effect::Transferred, "a GitHub repository"),
    acts("github.com", "PATCH", &["repos", "{}", "{}"], Effect::Archived, "a GitHub repository"),
    acts(ANY, "PATCH", &["api", "v1", "repos", "{}", "{}"], Effect::Archived, "a Gitea or Forgejo repository"),
    acts(ANY, "PUT|POST", &["projects", "{}", "transfer"], Effect::Transferred, "a GitLab project"),
    acts(ANY, "POST", &["projects", "{}", "archive"], Effect::Archived, "a GitLab project"),
    acts(ANY, "POST|PUT", &["groups", "{}", "transfer"], Effect::Transferred, "a GitLab group"),
    gone("bitbucket.org", &["repositories", "{}", "{}"], "a Bitbucket repository"),
    gone("bitbucket.org", &["workspaces", "{}", "projects", "{}"], "a Bitbucket project"),
    gone(ANY, &["api", "v1", "repos", "{}", "{}"], "a Gitea or Forgejo repository"),
    gone(ANY, &["api", "v1", "orgs", "{}"], "a Gitea or Forgejo organization"),
    gone("dev.azure.com", &["_apis", "projects", "{}"], "an Azure DevOps project"),
    gone("dev.azure.com", &["_apis", "git", "repositories", "{}"], "an Azure DevOps repository"),
    gone("hub.docker.com", &["repositories", "{}", "{}"], "a Docker Hub repository with every tag"),
    gone(ANY, &["api", "v2.0", "projects", "{}"], "a Harbor project with its images"),
    // Chat: Discord, Microsoft Graph (a group is a Team's mailbox, files and channels).
    gone("discord.com", &["guilds", "{}"], "a Discord server"),
    gone("discord.com", &["channels", "{}"], "a Discord channel with its messages"),
    gone("graph.microsoft.com", &["groups", "{}"], "a Microsoft 365 group with its team, mailbox and files"),
    gone("graph.microsoft.com", &["teams", "{}", "channels", "{}"], "a Teams channel with its messages"),
    gone("graph.microsoft.com", &["sites", "{}", "lists", "{}"], "a SharePoint list with its items"),
    // Support and CRM.
    gone("zendesk.com", &["help_center", "categories|sections", "{}"], "a Help Center category with its articles"),
    gone("zendesk.com", &["brands", "{}"], "a Zendesk brand"),
    gone("intercom.io", &["help_center", "collections", "{}"], "an Intercom help collection"),
    gone("api.hubapi.com", &["crm", "v3", "schemas", "{}"], "a HubSpot custom object with all its records"),
    gone("api.hubapi.com", &["crm", "v3", "pipelines", "{}", "{}"], "a HubSpot pipeline"),
    gone("api.hubapi.com", &["crm", "v3", "properties", "{}", "{}"], "a HubSpot property and its value on every record"),
    gone(ANY, &["tooling", "sobjects", "customobject", "{}"], "a Salesforce custom object with all its records"),
    // Payments and shops.
    gone("api.stripe.com", &["accounts", "{}"], "a Stripe connected account"),
    gone("myshopify.com", &["themes", "{}"], "a Shopify theme"),
    // Content platforms.
    gone("api.contentful.com", &["spaces", "{}"], "a Contentful space with all its content"),
    gone("api.contentful.com", &["environments", "{}"], "a Contentful environment with all its entries"),
    gone("api.contentful.com", &["content_types", "{}"], "a Contentful content type"),
    gone("api.sanity.io", &["projects", "{}"], "a Sanity project with its datasets"),
    gone("api.sanity.io", &["datasets", "{}"], "a Sanity dataset with all its documents"),
    gone("algolia.net", &["indexes", "{}"], "an Algolia index with every record"),
    acts("algolia.net", "POST", &["indexes", "{}", "clear"], Effect::Emptied, "every record of an Algolia index"),
    gone("postman.com", &["workspaces", "{}"], "a Postman workspace"),
    gone("getpostman.com", &["workspaces", "{}"], "a Postman workspace"),
    gone("getpostman.com", &["collections", "{}"], "a Postman collection"),
    // Hosting: Vercel, Netlify, Heroku, Render, Fly, Cloudflare.
    gone("api.vercel.com", &["projects", "{}"], "a Vercel project with its deployments"),
    gone("api.vercel.com", &["teams", "{}"], "a Vercel team"),
    gone("api.vercel.com", &["edge-config", "{}"], "a Vercel Edge Config store"),
    gone("api.netlify.com", &["sites", "{}"], "a Netlify site with its deploys"),
    gone("api.netlify.com", &["dns_zones", "{}"], "a Netlify DNS zone with its records"),
    gone("api.netlify.com", &["forms", "{}"], "a Netlify form with its submissions"),
    gone("api.heroku.com", &["apps", "{}"], "a Heroku app with its add-ons and data"),
    gone("api.heroku.com", &["apps", "{}", "addons", "{}"], "a Heroku add-on (a database, a cache) with its data"),
    gone("api.heroku.com", &["addons", "{}"], "a Heroku add-on with its data"),
    gone("api.heroku.com", &["pipelines", "{}"], "a Heroku pipeline"),
    gone("api.heroku.com", &["teams", "{}"], "a Heroku team"),
    gone("api.render.com", &["services", "{}"], "a Render service"),
    gone("api.render.com", &["postgres", "{}"], "a Render Postgres database"),
    gone("api.render.com", &["redis|key-value", "{}"], "a Render key-value store"),
    gone("api.render.com", &["env-groups", "{}"], "a Render environment group"),
    gone("machines.dev", &["apps", "{}"], "a Fly app with its machines and volumes"),
    gone("machines.dev", &["volumes", "{}"], "a Fly volume with its data"),
    gone("api.cloudflare.com", &["zones", "{}"], "a Cloudflare zone with its DNS and settings"),
    gone("api.cloudflare.com", &["workers", "scripts", "{}"], "a Cloudflare Worker"),
    gone("api.cloudflare.com", &["pages", "projects", "{}"], "a Cloudflare Pages project"),
    gone("api.cloudflare.com", &["r2", "buckets", "{}"], "an R2 bucket"),
    gone("api.cloudflare.com", &["d1", "database", "{}"], "a D1 database"),
    gone("api.cloudflare.com", &["kv", "namespaces", "{}"], "a Workers KV namespace with its keys"),
    gone("api.cloudflare.com", &["access", "apps", "{}"], "a Cloudflare Access application (what it protected is open)"),
    // Clouds with a plain REST API: DigitalOcean, Linode, Vultr, Hetzner.
    gone("api.digitalocean.com", &["apps", "{}"], "a DigitalOcean app"),
    gone("api.digitalocean.com", &["domains", "{}"], "a DNS domain with its records"),
    gone("api.digitalocean.com", &["volumes", "{}"], "a block-storage volume with its data"),
    gone("api.digitalocean.com", &["registry"], "the container registry with every image"),
    gone("api.linode.com", &["domains", "{}"], "a DNS domain with its records"),
    gone("api.linode.com", &["lke", "clusters", "{}"], "a Kubernetes cluster"),
    gone("api.linode.com", &["volumes", "{}"], "a block-storage volume with its data"),
    gone("api.linode.com", &["object-storage", "buckets", "{}", "{}"], "an object-storage bucket"),
    gone("api.linode.com", &["databases", "{}", "instances", "{}"], "a managed database"),
    gone("api.vultr.com", &["domains", "{}"], "a DNS domain with its records"),
    gone("api.vultr.com", &["blocks", "{}"], "a block-storage volume with its data"),
    gone("api.vultr.com", &["object-storage", "{}"], "an object-storage subscription"),
    gone("api.hetzner.cloud", &["volumes", "{}"], "a volume with its data"),
    gone("dns.hetzner.com", &["zones", "{}"], "a DNS zone with its records"),
    // Identity: Auth0, Okta.
    gone("auth0.com", &["connections", "{}"], "an Auth0 connection with its users"),
    gone("auth0.com", &["clients", "{}"], "an Auth0 application (every login through it breaks)"),
    gone("auth0.com", &["resource-servers", "{}"], "an Auth0 API"),
    gone("okta.com", &["apps", "{}"], "an Okta application (every sign-in through it breaks)"),
    gone("okta.com", &["groups", "{}"], "an Okta group and the access it grants"),
    gone("okta.com", &["authorizationservers", "{}"], "an Okta authorization server"),
    gone("okta.com", &["idps", "{}"], "an Okta identity provider"),
    // Messaging: Twilio, SendGrid, Mailchimp, Mailgun, Postmark.
    gone("twilio.com", &["services", "{}"], "a Twilio service with its data"),
    gone("twilio.com", &["incomingphonenumbers", "{}"], "a phone number (released: it cannot be got back)"),
    gone("api.sendgrid.com", &["marketing", "lists", "{}"], "a SendGrid contact list"),
    gone("api.sendgrid.com", &["subusers", "{}"], "a SendGrid subuser"),
    gone("api.mailchimp.com", &["lists", "{}"], "a Mailchimp audience with every contact"),
    gone("api.mailgun.net", &["domains", "{}"], "a Mailgun sending domain"),
    gone("api.mailgun.net", &["lists", "{}"], "a Mailgun mailing list"),
    gone("api.postmarkapp.com", &["servers", "{}"], "a Postmark server with its streams"),
    // Infrastructure state and flags: Terraform Cloud, Pulumi, LaunchDarkly.
    gone("app.terraform.io", &["workspaces", "{}"], "a Terraform workspace with its state"),
    gone("app.terraform.io", &["organizations", "{}", "workspaces", "{}"], "a Terraform workspace with its state"),
    gone("api.pulumi.com", &["stacks", "{}", "{}", "{}"], "a Pulumi stack with its state"),
    gone("launchdarkly.com", &["projects", "{}"], "a LaunchDarkly project with every flag"),
    gone("launchdarkly.com", &["environments", "{}"], "a LaunchDarkly environment"),
    // Hosted databases: Supabase, Neon, PlanetScale, MongoDB Atlas, Elastic Cloud.
    gone("api.supabase.com", &["projects", "{}"], "a Supabase project with its database"),
    gone("neon.tech", &["projects", "{}"], "a Neon project with its databases"),
    gone("neon.tech", &["branches", "{}"], "a Neon branch with its data"),
    gone("api.planetscale.com", &["databases", "{}"], "a PlanetScale database"),
    gone("api.planetscale.com", &["branches", "{}"], "a PlanetScale branch with its data"),
    gone("mongodb.com", &["clusters", "{}"], "an Atlas cluster with its data"),
    gone("mongodb.com", &["groups", "{}"], "an Atlas project with its clusters"),
    gone("elastic-cloud.com", &["deployments", "{}"], "an Elastic Cloud deployment"),
    gone(ANY, &["api", "v1", "namespaces", "{}"], "a Kubernetes namespace with everything in it"),
    gone(ANY, &["api", "stacks", "{}"], "a Portainer stack"),
    // Publication: statuses, posts, records anyone reads.
    acts(ANY, "POST", &["api", "v1", "statuses"], Effect::Published(When::Always), "posts a status (Mastodon API: public unless said otherwise)"),
    acts(ANY, "POST", &[ "xrpc", "com.atproto.repo.createrecord|com.atproto.repo.putrecord|com.atproto.repo.applywrites", ], Effect::Published(When::Always), "writes a record to a public AT Protocol repository (Bluesky)"),
    acts(ANY, "POST", &["api", "notes", "create"], Effect::Published(When::Always), "posts a note (Misskey)"),
    acts("twitter.com", "POST", &["2", "tweets"], Effect::Published(When::Always), "posts a tweet"),
    acts("api.x.com", "POST", &["2", "tweets"], Effect::Published(When::Always), "posts a post on X"),
    acts("twitter.com", "POST", &["statuses", "update.json"], Effect::Published(When::Always), "posts a tweet"),
    acts("api.linkedin.com", "POST", &["ugcposts|posts|shares"], Effect::Published(When::Unless(&["lifecyclestate"], &["draft"])), "posts on LinkedIn"),
    acts("reddit.com", "POST", &["api", "submit|comment"], Effect::Published(When::Always), "posts to Reddit"),
    acts(ANY, "POST", &["posts.json"], Effect::Published(When::Always), "posts to a Discourse forum"),
    acts("graph.facebook.com", "POST", &["{}", "feed|photos|videos|media_publish"], Effect::Published(When::Unless(&["published"], &["false"])), "posts on a Facebook page or Instagram"),
    acts("graph.threads.net", "POST", &["{}", "threads_publish"], Effect::Published(When::Always), "posts on Threads"),
    acts("api.pinterest.com", "POST", &["pins"], Effect::Published(When::Always), "posts a Pin"),
    acts("api.tumblr.com", "POST", &["blog", "{}", "posts|post"], Effect::Published(When::Unless(&["state"], &["draft", "private", "queue"])), "posts on Tumblr"),
    acts("api.medium.com", "POST", &["users|publications", "{}", "posts"], Effect::Published(When::Unless(&["publishstatus"], &["draft", "unlisted"])), "posts on Medium"),
    acts("dev.to", "POST|PUT", &["api", "articles"], Effect::Published(When::Set(&["published"], &["true"])), "publishes a dev.to article"),
    acts("dev.to", "PUT", &["api", "articles", "{}"], Effect::Published(When::Set(&["published"], &["true"])), "publishes a dev.to article"),
    acts(ANY, WRITE, &["wp", "v2", "posts|pages"], Effect::Published(When::Set(&["status"], &["publish", "future"])), "publishes a WordPress post"),
    acts(ANY, WRITE, &["wp", "v2", "posts|pages", "{}"], Effect::Published(When::Set(&["status"], &["publish", "future"])), "publishes a WordPress post"),
    acts(ANY, WRITE, &["ghost", "api", "admin", "posts|pages"], Effect::Published(When::Set(&["status"], &["published", "scheduled"])), "publishes a Ghost post"),
    acts(ANY, WRITE, &["ghost", "api", "admin", "posts|pages", "{}"], Effect::Published(When::Set(&["status"], &["published", "scheduled"])), "publishes a Ghost post"),
    acts("github.com", "POST", &["gists"], Effect::Published(When::Set(&["public"], &["true"])), "publishes a public gist"),
    acts("api.webflow.com", "POST", &["sites", "{}", "publish"], Effect::Published(When::Always), "publishes a Webflow site"),
    acts("api.webflow.com", "POST", &["items", "publish"], Effect::Published(When::Always), "publishes Webflow items"),
    acts("api.contentful.com", "PUT", &["entries|assets", "{}", "published"], Effect::Published(When::Always), "publishes a Contentful entry"),
    acts("myshopify.com", "PUT", &["themes", "{}"], Effect::Published(When::Set(&["role"], &["main"])), "publishes a Shopify theme to the live store"),
];

/// Collection words that name a container in every API that uses them: deleting `WORD/ID`
/// takes what is in it. Words that are containers in one API and leaves in another (`apps`,
/// `services`, `lists`, `domains`, `accounts`, `sites`, `groups`) are in [`ROUTES`] per host.
const CONTAINERS: &[(&str, &str)] = &[
    ("organizations", "organization"),
    ("organization", "organization"),
    ("orgs", "organization"),
    ("workspaces", "workspace"),
    ("workspace", "workspace"),
    ("tenants", "tenant"),
    ("projects", "project"),
    ("project", "project"),
    ("boards", "board"),
    ("board", "board"),
    ("repositories", "repository"),
    ("teams", "team"),
    ("spaces", "space"),
    ("space", "space"),
    ("zones", "zone"),
    ("dns_zones", "DNS zone"),
    ("databases", "database"),
    ("datasets", "dataset"),
    ("indexes", "index"),
    ("indices", "index"),
    ("audiences", "audience"),
    ("environments", "environment"),
    ("stacks", "stack"),
    ("clusters", "cluster"),
    ("buckets", "bucket"),
    ("namespaces", "namespace"),
    ("folders", "folder"),
    ("folder", "folder"),
    ("guilds", "server"),
    ("portfolios", "portfolio"),
    ("subaccounts", "subaccount"),
];

/// The words of an RPC method or a GraphQL mutation that name a container
/// (`admin.conversations.delete`, `teamDelete`, `delete_board`), with the reach of each:
/// whole organizations and accounts are stopped.
const CONTAINER_WORDS: &[(&str, bool)] = &[
    ("organization", true),
    ("org", true),
    ("account", true),
    ("tenant", true),
    ("enterprise", true),
    ("workspace", true),
    ("project", false),
    ("board", false),
    ("repository", false),
    ("repo", false),
    ("team", false),
    ("space", false),
    ("zone", false),
    ("database", false),
    ("dataset", false),
    ("index", false),
    ("audience", false),
    ("environment", false),
    ("stack", false),
    ("cluster", false),
    ("bucket", false),
    ("namespace", false),
    ("folder", false),
    ("guild", false),
    ("channel", false),
    ("conversation", false),
    ("service", false),
    ("app", false),
    ("application", false),
    ("site", false),
    ("portfolio", false),
    ("group", false),
    ("list", false),
    ("volume", false),
];

/// Verbs of an RPC method or a GraphQL mutation that take an object away: deleted, or
/// archived or transferred (a container only).
const GONE_VERBS: &[&str] = &[
    "delete", "destroy", "purge", "erase", "wipe", "trash", "drop",
];
const AWAY_VERBS: &[&str] = &["archive", "transfer"];

/// Fields that archive or trash what the URL names (Notion's `in_trash`, Trello's `closed`).
const ARCHIVE_FIELDS: &[&str] = &[
    "archived",
    "is_archived",
    "closed",
    "in_trash",
    "trashed",
    "isarchived",
];

/// Whether `host` is `suffix` or a subdomain of it.
/// Compared as bytes: a host with a non-ASCII letter (`eÉxample.com`) has no char boundary
/// where an ASCII suffix would start, and slicing the `str` there would panic.
fn host_is(host: &str, suffix: &str) -> bool {
    let (h, s) = (host.as_bytes(), suffix.as_bytes());
    h.len() >= s.len()
        && h[h.len() - s.len()..].eq_ignore_ascii_case(s)
        && (h.len() == s.len() || h[h.len() - s.len() - 1] == b'.')
}

/// Whether the path ends with the row's tail.
fn ends_with(segments: &[String], tail: &[&str]) -> bool {
    segments.len() >= tail.len()
        && segments[segments.len() - tail.len()..]
            .iter()
            .zip(tail)
            .all(|(s, t)| *t == "{}" || t.split('|').any(|a| a == s))
}

/// The words of an identifier: `deleteAccount`, `delete_board`, `admin.conversations.delete`
/// are `delete account`, `delete board`, `admin conversations delete` (lower case).
fn identifier_words(id: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in id.chars() {
        if !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

/// The reach of an operation named by words: `(severity, object)` when it takes something
/// away: a container deleted, archived or transferred is verified (an organization, an
/// account stopped); a leaf deleted is asked.
fn operation_reach(words: &[String]) -> Option<(Severity, String, &'static str)> {
    // A verb fused with its object where the case was lost (`deleteaccount`, `teamdelete`).
    let mut split = Vec::with_capacity(words.len() + 1);
    for w in words {
        let fused = GONE_VERBS.iter().chain(AWAY_VERBS).find_map(|v| {
            if let Some(rest) = w.strip_prefix(v).filter(|r| r.len() > 1) {
                Some((v.to_string(), rest.to_owned(), true))
            } else {
                w.strip_suffix(v)
                    .filter(|r| r.len() > 1)
                    .map(|r| (v.to_string(), r.to_owned(), false))
            }
        });
        match fused {
            Some((v, o, true)) => split.extend([v, o]),
            Some((v, o, false)) => split.extend([o, v]),
            None => split.push(w.clone()),
        }
    }
    let words = &split[..];
    let gone = words.iter().any(|w| GONE_VERBS.contains(&w.as_str()));
    let away = words.iter().any(|w| AWAY_VERBS.contains(&w.as_str()));
    if !gone && !away {
        return None;
    }
    let container = words.iter().find_map(|w| {
        let singular = w.strip_suffix('s').unwrap_or(w);
        CONTAINER_WORDS
            .iter()
            .find(|(c, _)| *c == w.as_str() || *c == singular)
            .map(|(c, whole)| (*c, *whole))
    });
    let verb = if gone {
        "deletes"
    } else if words.iter().any(|w| w == "transfer") {
        "transfers"
    } else {
        "archives"
    };
    match container {
        Some((c, true)) => Some((Severity::Stop, format!("a whole {c}"), verb)),
        Some((c, false)) => Some((
            Severity::Verify,
            format!("a whole {c} with everything in it"),
            verb,
        )),
        None if gone => {
            let object = words
                .iter()
                .rfind(|w| !GONE_VERBS.contains(&w.as_str()))
                .cloned()
                .unwrap_or_default();
            Some((Severity::Confirm, format!("one {object}"), verb))
        }
        None => None,
    }
}

/// The operation fields of GraphQL mutations in the bodies: each identifier after `mutation`
/// that opens arguments or a selection (`teamDelete(`, `delete_board (`); string literals are
/// skipped.
fn mutation_fields(body: &str) -> Vec<&str> {
    let Some(at) = body.find("mutation") else {
        return Vec::new();
    };
    let text = &body[at + "mutation".len()..];
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut in_string = false;
    while i < b.len() {
        let c = b[i];
        if c == b'\\' && i + 1 < b.len() && b[i + 1] == b'"' {
            // An escaped quote inside a JSON string: a GraphQL string delimiter.
            in_string = !in_string;
            i += 2;
            continue;
        }
        if in_string {
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let mut j = i;
            while j < b.len() && b[j] == b' ' {
                j += 1;
            }
            if j < b.len() && matches!(b[j], b'(' | b'{') {
                out.push(&text[start..i]);
            }
            continue;
        }
        i += 1;
    }
    out
}

/// Whether the request's body is read from a file (`-d @post.json`, `--json @x`, HTTPie's
/// `@file`, `-T`, wget's `--body-file`, PowerShell's `-InFile`): its fields are unknown.
fn unread_body(cmd: &Cmd<'_>) -> bool {
    cmd.words().any(|a| {
        a.starts_with('@')
            || a.starts_with("-d@")
            || a.contains("=@")
            || matches!(a, "-T" | "--upload-file" | "--body-file" | "--post-file")
            || a.starts_with("--body-file=")
            || a.starts_with("--post-file=")
            || a.eq_ignore_ascii_case("-infile")
    })
}

/// The recognizer, called for a request whose method may change something, to a host that is
/// not this machine.
pub(crate) fn request(cmd: &Cmd<'_>, call: &Call<'_>, out: &mut Vec<Finding>) {
    let segments: Vec<String> = call
        .path
        .split('/')
        .filter(|s| !s.is_empty())
        .map(|s| s.to_ascii_lowercase())
        .collect();
    let at = |why: String| format!("{} {} {}: {why}", cmd.program, call.method, call.url);
    let pairs: Vec<(String, String)> = call
        .bodies
        .iter()
        .copied()
        .chain((!call.query.is_empty()).then_some(call.query))
        .flat_map(super::http::body_pairs)
        .collect();
    let inner = |k: &str| k.rsplit(' ').next().unwrap_or(k).to_owned();

    // A delete told to take everything (SendGrid's `delete_all_contacts=true`, `all=true`,
    // `purge_all`): every record of the collection.
    if let Some((k, _)) = pairs.iter().find(|(k, v)| {
        let k = inner(k);
        (k == "all" && call.method == "DELETE"
            || [
                "delete_all",
                "deleteall",
                "purge_all",
                "remove_all",
                "destroy_all",
            ]
            .iter()
            .any(|p| k.starts_with(p)))
            && matches!(v.as_str(), "true" | "1" | "yes")
    }) {
        out.push(finding(
            Family::Business,
            "reach.everything",
            Severity::Verify,
            at(format!("sets {}: deletes every record at once", inner(k))),
        ));
        return;
    }
    // The tables first: the most specific (longest) row that matches.
    let row = ROUTES
        .iter()
        .filter(|r| r.host.is_empty() || host_is(call.host, r.host))
        .filter(|r| r.methods.split('|').any(|m| m == call.method))
        .filter(|r| ends_with(&segments, r.tail))
        .max_by_key(|r| r.tail.len());
    if let Some(r) = row {
        let pushed = match r.effect {
            Effect::Whole => Some((
                Severity::Verify,
                format!("deletes {}: everything in it goes", r.what),
            )),
            Effect::Archived => archived_by(r, &pairs, &segments).then(|| {
                (
                    Severity::Verify,
                    format!("archives {}: it is closed for everyone", r.what),
                )
            }),
            Effect::Transferred => Some((
                Severity::Verify,
                format!("transfers {} to another owner", r.what),
            )),
            Effect::Emptied => Some((
                Severity::Verify,
                format!("deletes or archives {} at once", r.what),
            )),
            Effect::Published(when) => publishes(when, &pairs, cmd, &inner).then(|| {
                (
                    Severity::Confirm,
                    format!("{}: anyone can read it at once", r.what),
                )
            }),
        };
        if let Some((severity, why)) = pushed {
            out.push(finding(Family::Business, "reach.api", severity, at(why)));
        }
        return;
    }

    let n = segments.len();
    // A `DELETE` of `WORD/ID` where the word names a container in every API.
    if call.method == "DELETE" && n >= 2 {
        let (coll, id) = (&segments[n - 2], &segments[n - 1]);
        if let Some((_, what)) = CONTAINERS.iter().find(|(w, _)| w == coll)
            && !CONTAINERS.iter().any(|(w, _)| w == id)
        {
            out.push(finding(
                Family::Business,
                "reach.container",
                Severity::Verify,
                at(format!("deletes a whole {what}: everything in it goes")),
            ));
            return;
        }
    }
    // A container archived, closed or trashed by a field, or archived or transferred by its
    // action segment (`projects/ID/archive`).
    if call.method != "DELETE" && n >= 2 {
        let named = |k: usize| {
            CONTAINERS
                .iter()
                .find(|(w, _)| *w == segments[k])
                .map(|(_, w)| *w)
        };
        let field_archive = pairs.iter().any(|(k, v)| {
            ARCHIVE_FIELDS.contains(&inner(k).as_str()) && matches!(v.as_str(), "true" | "1")
        });
        if field_archive && let Some(what) = named(n - 2) {
            out.push(finding(
                Family::Business,
                "reach.container",
                Severity::Verify,
                at(format!(
                    "archives a whole {what}: it is closed for everyone"
                )),
            ));
            return;
        }
        // One item of an existing collection archived or trashed: asked.
        if field_archive && matches!(call.method, "PUT" | "PATCH") {
            out.push(finding(
                Family::Business,
                "reach.leaf",
                Severity::Confirm,
                at(format!("archives one {}", segments[n - 2])),
            ));
            return;
        }
        if n >= 3
            && matches!(segments[n - 1].as_str(), "archive" | "transfer")
            && let Some(what) = named(n - 3)
        {
            let verb = if segments[n - 1] == "archive" {
                "archives"
            } else {
                "transfers"
            };
            out.push(finding(
                Family::Business,
                "reach.container",
                Severity::Verify,
                at(format!("{verb} a whole {what}")),
            ));
            return;
        }
    }
    // An RPC method named in the last segment (`admin.conversations.delete`,
    // `com.atproto.server.deleteAccount`).
    if call.method == "POST"
        && let Some(last) = segments.last()
        && last.contains('.')
        && !last.ends_with(".json")
        && !last.ends_with(".xml")
    {
        // The original spelling keeps the camel case of `deleteAccount`.
        let raw = call
            .path
            .rsplit('/')
            .find(|s| !s.is_empty())
            .unwrap_or(last);
        // The method's own name (`deleteRecord`); a bare verb (`archive`) acts on the part
        // before it (`conversations.archive`). The namespace (`com.atproto.repo`) is not the
        // object.
        let mut parts = raw.rsplit('.');
        let mut words = identifier_words(parts.next().unwrap_or(raw));
        if words.len() == 1
            && (GONE_VERBS.contains(&words[0].as_str()) || AWAY_VERBS.contains(&words[0].as_str()))
        {
            words.extend(identifier_words(parts.next().unwrap_or("")));
        }
        if let Some((severity, object, verb)) = operation_reach(&words) {
            out.push(finding(
                Family::Business,
                "reach.rpc",
                severity,
                at(format!("the method {raw} {verb} {object}")),
            ));
            return;
        }
    }
    // GraphQL mutations.
    if call.method == "POST" {
        let worst = call
            .bodies
            .iter()
            .flat_map(|b| mutation_fields(b))
            .filter_map(|f| operation_reach(&identifier_words(f)).map(|r| (r, f)))
            .max_by_key(|((s, _, _), _)| *s);
        if let Some(((severity, object, verb), field)) = worst {
            out.push(finding(
                Family::Business,
                "reach.graphql",
                severity,
                at(format!("the GraphQL mutation {field} {verb} {object}")),
            ));
        }
    }
}

/// Whether an archiving row's request archives: Trello's `boards/ID/closed` with
/// `value=true`, a row that names the object itself (`repos/o/r`) by an archive field set,
/// an action row (`projects/ID/archive`) by its path alone.
fn archived_by(r: &Route, pairs: &[(String, String)], segments: &[String]) -> bool {
    let set = |keys: &[&str]| {
        pairs.iter().any(|(k, v)| {
            keys.contains(&k.rsplit(' ').next().unwrap_or(k)) && matches!(v.as_str(), "true" | "1")
        })
    };
    if segments.last().is_some_and(|s| s == "closed") && r.tail.last() == Some(&"closed") {
        return set(&["value"]);
    }
    if r.tail.last() == Some(&"{}") {
        return set(ARCHIVE_FIELDS);
    }
    true
}

/// Whether a publishing row's request publishes, by its fields.
fn publishes(
    when: When,
    pairs: &[(String, String)],
    cmd: &Cmd<'_>,
    inner: &dyn Fn(&str) -> String,
) -> bool {
    match when {
        When::Always => true,
        When::Set(keys, values) => {
            unread_body(cmd)
                || pairs
                    .iter()
                    .any(|(k, v)| keys.contains(&inner(k).as_str()) && values.contains(&v.as_str()))
        }
        When::Unless(keys, values) => {
            unread_body(cmd)
                || !pairs.iter().any(|(k, _)| keys.contains(&inner(k).as_str()))
                || pairs.iter().any(|(k, v)| {
                    keys.contains(&inner(k).as_str()) && !values.contains(&v.as_str())
                })
        }
    }
}

/// The method an inline-code HTTP call names: `requests.delete(`, `httpx.patch(`,
/// `axios.put(`, `session.delete(`, `requests.request("DELETE", ...)`, `fetch(URL, {method:
/// 'DELETE'})`, `Net::HTTP::Delete`. `None` for a read or no call.
fn code_method(code: &str) -> Option<&'static str> {
    const METHODS: &[(&str, &str)] = &[
        ("delete", "DELETE"),
        ("patch", "PATCH"),
        ("put", "PUT"),
        ("post", "POST"),
    ];
    for (word, method) in METHODS {
        let upper = method;
        let title = format!("{}{}", &upper[..1], &word[1..]);
        // A web client's method call (not `cache.delete(key)`), or the method as a string.
        let called = [
            "requests", "httpx", "axios", "session", "client", "http", "ky", "got",
        ]
        .iter()
        .any(|c| code.contains(&format!("{c}.{word}(")))
            || code.contains(&format!("\"{upper}\""))
            || code.contains(&format!("'{upper}'"))
            || code.contains(&format!("::{title}"))
            || code.contains(&format!("`{upper}`"));
        if called {
            return Some(method);
        }
    }
    None
}

/// HTTP calls inline code makes (`python -c "requests.delete('https://api.trello.com/1/boards/X')"`,
/// `node -e "fetch(URL, {method: 'POST', body: ...})"`): a `DELETE` is judged as the same
/// request sent by curl (the HTTP reader and this one); a write is read by this module's
/// tables and rules with the code's object literals as its body.
pub(crate) fn inline_code(
    code: &str,
    literals: &[String],
    depth: u8,
    ctx: &mut super::Context,
    out: &mut Vec<Finding>,
) {
    let Some(method) = code_method(code) else {
        return;
    };
    let Some(url) = literals
        .iter()
        .find(|l| l.starts_with("https://") || l.starts_with("http://"))
    else {
        return;
    };
    if method == "DELETE" {
        let line = format!("curl -X DELETE '{}'", url.replace('\'', "'\\''"));
        crate::judge_shell(&line, depth + 1, ctx, out);
        return;
    }
    let rest = url.split_once("://").map_or(url.as_str(), |(_, r)| r);
    let (authority, path_query) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let host = authority
        .rsplit('@')
        .next()
        .unwrap_or(authority)
        .split(':')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    if host.is_empty()
        || host == "localhost"
        || host.starts_with("127.")
        || host.ends_with(".localhost")
        || host == "0.0.0.0"
    {
        return;
    }
    let (path, query) = path_query.split_once('?').unwrap_or((path_query, ""));
    // The code's object and dict literals as JSON-like text (`{'status': 'publish'}`).
    let body = code[code.find('{').unwrap_or(code.len())..].replace('\'', "\"");
    let bodies = [body.as_str()];
    let args: [std::borrow::Cow<'_, str>; 0] = [];
    let cmd = Cmd {
        program: "inline code",
        args: &args,
        redirects: &[],
        more_args: false,
        piped_in: false,
        assignments: &[],
        prefix: &[],
        launcher: &[],
    };
    request(
        &cmd,
        &Call {
            method,
            url,
            host: &host,
            path,
            query,
            bodies: &bodies,
        },
        out,
    );
}
