//! Tests of privilege and exposure granted, as a kind (holdout10 analysis, "Privilege and
//! exposure granted"): who gets what, read the same way for every program that grants. A grantee
//! (an account, a group, everyone) given an administrators' group, a root-equivalent role or
//! policy, a network rule that lets every address in, or a public bucket is verified; a bounded
//! grant (a read-only role, a named address, an ordinary group) is at most confirmed; reads and
//! removals of grants grant nothing. The rows use programs and spellings of their references
//! (groupmems, pw, dseditgroup, dscl, lgroupmod, samba-tool, FreeIPA, Kanidm, AWS IAM groups,
//! Vault auth methods, Consul and Nomad ACLs, OpenStack, RabbitMQ, MinIO, OpenShift, Keycloak,
//! Cloud Foundry, MongoDB Atlas, GitLab's members API, Az PowerShell, netsh, the NetSecurity
//! cmdlets, firewalld rich rules, ufw, iptables, nftables, ipfw, hcloud, doctl, OpenStack
//! security groups, Azure NSGs and database firewalls, S3 Control, gcloud storage, OCI buckets),
//! most of them in no labeled set.

use crate::Severity;
use crate::severity_tables::{ALLOW, expect_alone, expect_at_least, worst};

/// Each text judged alone at most at confirm (a bounded grant: allowed or confirmed).
fn expect_at_most_confirm(table: &[&str]) {
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|text| {
            let got = worst(text, &[]);
            got.is_some_and(|g| g > Severity::Confirm).then(|| {
                format!(
                    "{text:?}: want at most Confirm, got {got:?} ({:?})",
                    crate::judge(text, &[]).findings
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn an_account_added_to_an_administrators_group_is_verified_in_every_spelling() {
    use Severity::Verify;
    expect_at_least(&[
        ("sudo groupmems --group sudo --add deployer", Verify),
        ("groupmems -a buildbot -g wheel", Verify),
        ("sudo pw groupmod wheel -m ops-bot", Verify),
        ("pw usermod jdoe -G wheel,staff", Verify),
        ("dseditgroup -o edit -a contractor -t user admin", Verify),
        (
            "sudo dscl . -append /Groups/admin GroupMembership tempdev",
            Verify,
        ),
        ("lgroupmod -M buildbot wheel", Verify),
        (
            "samba-tool group addmembers 'Domain Admins' svc-backup",
            Verify,
        ),
        ("ipa group-add-member admins --users=jlee", Verify),
        ("kanidm group add-members idm_admins intern", Verify),
        ("addgroup ci-runner docker", Verify),
        (
            "net rpc group addmem 'Domain Admins' helpdesk -U administrator",
            Verify,
        ),
        (
            "aws iam add-user-to-group --group-name Admins --user-name temp-contractor",
            Verify,
        ),
        (
            "az ad group member add --group 'Global Admins' --member-id 5f2c",
            Verify,
        ),
        (
            "sudo sysadminctl -addUser tempadmin -password x -admin",
            Verify,
        ),
        (
            "gam update group admins@acme.com add member contractor@gmail.com",
            Verify,
        ),
        (
            "dsmod group \"CN=Domain Admins,CN=Users,DC=acme,DC=local\" -addmbr \"CN=tmp,CN=Users,DC=acme,DC=local\"",
            Verify,
        ),
        // A name that sounds harmless lowers nothing: the group is what is granted.
        ("groupmems -g wheel -a test-user-readonly", Verify),
    ]);
}

#[test]
fn group_reads_removals_and_ordinary_groups_grant_no_administrator() {
    expect_alone(&[
        ("groupmems -g wheel -l", ALLOW),
        ("pw groupshow wheel", ALLOW),
        ("dseditgroup -o checkmember -m jdoe admin", ALLOW),
        ("samba-tool group listmembers 'Domain Admins'", ALLOW),
        ("getent group wheel", ALLOW),
        ("id -nG deployer", ALLOW),
        ("dscl . -read /Groups/admin GroupMembership", ALLOW),
        ("ipa group-show admins", ALLOW),
    ]);
    expect_at_most_confirm(&[
        "gpasswd -d intern sudo",
        "ipa group-remove-member admins --users=jlee",
        "addgroup ci-runner video",
        "groupmems -g audio -a deployer",
        "pw groupmod developers -m ops-bot",
        "samba-tool group addmembers 'Print Operators Readers' svc-print",
    ]);
}

#[test]
fn a_root_equivalent_role_or_policy_given_is_verified_across_vendors() {
    use Severity::Verify;
    expect_at_least(&[
        (
            "vault write auth/userpass/users/contractor password=x policies=default,root",
            Verify,
        ),
        (
            "vault write auth/approle/role/ci token_policies=root",
            Verify,
        ),
        (
            "vault write auth/token/roles/readonly allowed_policies=root",
            Verify,
        ),
        (
            "consul acl token create -description ci -policy-name global-management",
            Verify,
        ),
        ("nomad acl token create -name=ci -type=management", Verify),
        (
            "openstack role add --user intern --project prod admin",
            Verify,
        ),
        ("rabbitmqctl set_user_tags deploy administrator", Verify),
        (
            "mc admin policy attach prod consoleAdmin --user contractor",
            Verify,
        ),
        (
            "az role assignment create --assignee dev@x.com --role Owner --scope /subscriptions/1111",
            Verify,
        ),
        (
            "New-AzRoleAssignment -SignInName dev@x.com -RoleDefinitionName 'User Access Administrator' -Scope /subscriptions/1111",
            Verify,
        ),
        (
            "gcloud organizations add-iam-policy-binding 1234 --member=user:x@gmail.com --role=roles/iam.securityAdmin",
            Verify,
        ),
        (
            "gcloud resource-manager folders add-iam-policy-binding 55 --member=group:eng@x.com --role=roles/editor",
            Verify,
        ),
        (
            "oc adm policy add-cluster-role-to-user cluster-admin jlee",
            Verify,
        ),
        (
            "kcadm.sh add-roles -r master --uusername temp --rolename admin",
            Verify,
        ),
        ("cf set-org-role jdoe acme-org OrgManager", Verify),
        (
            "atlas dbusers create atlasAdmin --username etl --password x",
            Verify,
        ),
        (
            "glab api -X POST projects/42/members -f user_id=7 -f access_level=50",
            Verify,
        ),
        (
            "aws iam attach-group-policy --group-name devs --policy-arn arn:aws:iam::aws:policy/IAMFullAccess",
            Verify,
        ),
        (
            "heroku members:add contractor@x.com --team acme --role admin",
            Verify,
        ),
        (
            "redis-cli -h cache-1 ACL SETUSER reporting on >s3cret ~* +@all",
            Verify,
        ),
        (
            "curl -X PUT -H \"Authorization: token $T\" https://api.github.com/repos/acme/api/collaborators/ext-dev -d '{\"permission\":\"admin\"}'",
            Verify,
        ),
    ]);
    expect_at_least(&[
        (
            "az role assignment create --assignee ci-sp --role Contributor --scope /subscriptions/2222",
            Severity::Verify,
        ),
        (
            "az keyvault set-policy -n prod-kv --upn temp@x.com --secret-permissions all",
            Severity::Verify,
        ),
        (
            "New-MgRoleManagementDirectoryRoleAssignment -PrincipalId 9a1 -RoleDefinitionId 62e90394-69f5-4237-9190-012177145e10 -DirectoryScopeId /",
            Severity::Verify,
        ),
        (
            "aws sso-admin attach-managed-policy-to-permission-set --instance-arn x --permission-set-arn y --managed-policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
            Severity::Verify,
        ),
        (
            "kubectl create clusterrolebinding anon-read --clusterrole=view --group=system:unauthenticated",
            Severity::Verify,
        ),
    ]);
    // An administrator's role given to everyone is the worst grant of all.
    expect_at_least(&[(
        "gcloud projects add-iam-policy-binding acme-prod --member=allAuthenticatedUsers --role=roles/editor",
        Severity::Verify,
    )]);
}

#[test]
fn read_only_roles_reads_and_revocations_are_bounded() {
    expect_alone(&[
        ("consul acl policy read -name global-management", ALLOW),
        ("rabbitmqctl list_users", ALLOW),
        (
            "openstack role assignment list --user intern --names",
            ALLOW,
        ),
        (
            "aws iam get-policy --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
            ALLOW,
        ),
        ("grep -rn AdministratorAccess terraform/", ALLOW),
        ("az role definition list --name Owner -o table", ALLOW),
    ]);
    expect_at_most_confirm(&[
        "gcloud projects add-iam-policy-binding acme-dev --member=user:bob@acme.com --role=roles/viewer",
        "az role assignment create --assignee bob@x.com --role Reader --scope /subscriptions/1111/resourceGroups/dev",
        "kubectl create rolebinding bob-view --clusterrole=view --user=bob -n dev",
        "mc admin policy detach prod consoleAdmin --user contractor",
        "rabbitmqctl set_user_tags deploy monitoring",
        // Signing in as a role, an environment variable named ROLE, a namespaced OpenShift role.
        "vault login -method=oidc role=admin",
        "aws sts assume-role --role-arn arn:aws:iam::1:role/admin --role-session-name ci",
        "docker run --rm -e ROLE=admin -p 8080:80 acme/web:dev",
        "redis-cli ACL SETUSER metrics on >pw ~metrics:* +get +info",
        "curl -X PUT https://api.github.com/repos/acme/api/collaborators/ext-dev -d '{\"permission\":\"pull\"}'",
        "oc adm policy add-role-to-user admin bob -n preview-42",
        "az role assignment create --assignee ci-sp --role Contributor --scope /subscriptions/2222/resourceGroups/preview-17",
        "az keyvault set-policy -n dev-kv --upn temp@x.com --secret-permissions get list",
    ]);
}

#[test]
fn a_network_rule_letting_every_address_in_to_an_admin_or_data_port_is_verified() {
    use Severity::Verify;
    expect_at_least(&[
        (
            "netsh advfirewall firewall add rule name=any dir=in action=allow protocol=any remoteip=any",
            Verify,
        ),
        (
            "netsh advfirewall firewall add rule name=rdp dir=in action=allow protocol=TCP localport=3389",
            Verify,
        ),
        (
            "New-NetFirewallRule -DisplayName sql -Direction Inbound -LocalPort 1433 -Protocol TCP -Action Allow",
            Verify,
        ),
        (
            "firewall-cmd --permanent --add-rich-rule='rule family=ipv4 source address=0.0.0.0/0 service name=mysql accept'",
            Verify,
        ),
        ("firewall-cmd --zone=trusted --add-source=0.0.0.0/0", Verify),
        ("ufw allow from any to any port 6379", Verify),
        ("sudo ufw default allow incoming", Verify),
        ("iptables -I INPUT 1 -j ACCEPT", Verify),
        ("ip6tables -A INPUT -p tcp --dport 27017 -j ACCEPT", Verify),
        (
            "iptables -A INPUT -p tcp -m multiport --dports 22,3306 -j ACCEPT",
            Verify,
        ),
        ("nft add rule inet filter input accept", Verify),
        (
            "nft add rule inet filter input tcp dport 5432 accept",
            Verify,
        ),
        ("ipfw add 100 allow ip from any to any", Verify),
        (
            "hcloud firewall add-rule fw-1 --direction in --protocol tcp --port 22 --source-ips 0.0.0.0/0",
            Verify,
        ),
        (
            "doctl compute firewall add-rules 123 --inbound-rules 'protocol:tcp,ports:5432,address:0.0.0.0/0'",
            Verify,
        ),
        (
            "openstack security group rule create --ingress --protocol tcp --dst-port 3306 --remote-ip 0.0.0.0/0 default",
            Verify,
        ),
        (
            "az network nsg rule create -g rg --nsg-name web --name rdp --priority 100 --destination-port-ranges 3389 --source-address-prefixes Internet",
            Verify,
        ),
        (
            "aws ec2 authorize-security-group-ingress --group-id sg-1 --ip-permissions IpProtocol=tcp,FromPort=6379,ToPort=6379,IpRanges=[{CidrIp=0.0.0.0/0}]",
            Verify,
        ),
        (
            "Set-NetFirewallProfile -Profile Public -DefaultInboundAction Allow",
            Verify,
        ),
        (
            "netsh advfirewall set allprofiles firewallpolicy allowinbound,allowoutbound",
            Verify,
        ),
        (
            "gcloud compute firewall-rules create open-db --network prod --allow tcp:5432",
            Verify,
        ),
        (
            "az network nsg rule create -g rg --nsg-name db --name ssh --priority 110 --destination-port-ranges 22",
            Verify,
        ),
        (
            "openstack security group rule create --protocol tcp --dst-port 6379 default",
            Verify,
        ),
        (
            "aws lightsail open-instance-public-ports --instance-name web --port-info fromPort=3306,toPort=3306,protocol=TCP",
            Verify,
        ),
        (
            "az postgres flexible-server firewall-rule create -g rg -n db --rule-name all --start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255",
            Verify,
        ),
        // A comment or a rule's name that says "test" lowers nothing.
        (
            "ufw allow from any to any port 5432 # read-only test",
            Verify,
        ),
        (
            "netsh advfirewall firewall add rule name=dry-run-test dir=in action=allow remoteip=any",
            Verify,
        ),
    ]);
}

#[test]
fn rules_for_named_addresses_denials_and_reads_are_bounded() {
    expect_alone(&[
        ("netsh advfirewall firewall show rule name=all", ALLOW),
        ("firewall-cmd --list-rich-rules", ALLOW),
        ("nft list ruleset", ALLOW),
        (
            "aws ec2 describe-security-groups --filters Name=ip-permission.cidr,Values=0.0.0.0/0",
            ALLOW,
        ),
        (
            "Get-NetFirewallRule -Direction Inbound | Where-Object Action -eq Allow",
            ALLOW,
        ),
    ]);
    expect_at_most_confirm(&[
        "netsh advfirewall firewall add rule name=web dir=in action=allow protocol=TCP localport=443 remoteip=10.0.0.0/8",
        "New-NetFirewallRule -DisplayName dev -Direction Inbound -LocalPort 5432 -Protocol TCP -Action Allow -RemoteAddress 10.1.2.3",
        "New-NetFirewallRule -DisplayName block -Direction Inbound -Action Block -RemoteAddress Any",
        "firewall-cmd --permanent --add-rich-rule='rule family=ipv4 source address=203.0.113.7/32 port port=5432 protocol=tcp accept'",
        "ufw allow from 10.0.0.5 to any port 5432",
        "ufw deny from any to any port 6379",
        "iptables -A INPUT -s 192.0.2.10/32 -p tcp --dport 22 -j ACCEPT",
        "iptables -A INPUT -i lo -j ACCEPT",
        "iptables -A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT",
        "nft add rule inet filter input ip saddr 10.0.0.0/8 tcp dport 22 accept",
        "gcloud compute firewall-rules create lb-health --network prod --allow tcp:8080 --source-ranges 130.211.0.0/22,35.191.0.0/16",
        "openstack security group rule create --protocol tcp --dst-port 5432 --remote-ip 10.0.0.0/24 default",
        "Set-NetFirewallProfile -Profile Domain -DefaultInboundAction Block",
    ]);
}

#[test]
fn a_bucket_made_public_by_lifting_its_guard_is_verified() {
    use Severity::Verify;
    expect_at_least(&[
        (
            "aws s3control delete-public-access-block --account-id 123456789012",
            Verify,
        ),
        (
            "aws s3api delete-public-access-block --bucket payroll-exports",
            Verify,
        ),
        (
            "gcloud storage buckets update gs://hr-docs --no-public-access-prevention",
            Verify,
        ),
        (
            "oci os bucket update --name exports --public-access-type ObjectRead",
            Verify,
        ),
    ]);
    expect_alone(&[
        (
            "aws s3api get-public-access-block --bucket payroll-exports",
            ALLOW,
        ),
        (
            "gcloud storage buckets describe gs://hr-docs --format='value(public_access_prevention)'",
            ALLOW,
        ),
    ]);
    expect_at_most_confirm(&[
        "aws s3api put-public-access-block --bucket x --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",
        "gcloud storage buckets update gs://hr-docs --public-access-prevention",
        "oci os bucket update --name exports --public-access-type NoPublicAccess",
    ]);
}
