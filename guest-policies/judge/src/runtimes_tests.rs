//! Tests of the language runtimes' own APIs (recognize/runtimes.rs and the readers of inline
//! code it extends): code handed to a framework's console, ORMs' and storage facades'
//! whole-store calls, filesystem calls in the spellings of Elixir, R, Julia, Groovy, Kotlin
//! and Java, listings deleted item by item, processes killed by number, and PowerShell's
//! lists of paths. Written from each runtime's reference, with programs and spellings no
//! labeled set holds; the near misses first.

use crate::Severity;
use crate::severity_tables::{expect_allowed, expect_at_least};

#[test]
fn consoles_reading_counting_and_cleaning_build_output_go_ahead() {
    expect_allowed(&[
        // Consoles that read.
        r#"bin/rails runner "puts Customer.where(active: true).count""#,
        r#"bundle exec rails runner -e staging "pp Setting.all.map(&:key)""#,
        r#"php artisan tinker --execute="dump(App\Models\Invoice::latest()->first())""#,
        r#"./manage.py shell --command="from billing.models import Plan; print(Plan.objects.count())""#,
        r#"mix run -e 'IO.inspect(Shop.Repo.aggregate(Shop.Order, :count))'"#,
        r#"echo 'System.out.println(java.nio.file.Files.list(java.nio.file.Path.of("/etc")).count())' | jshell -"#,
        r#"rake -e 'puts Gem.loaded_specs.keys'"#,
        // A bounded delete: a condition before it selects the rows.
        r#"php artisan tinker --execute="DB::table('sessions')->where('last_activity', '<', now()->subDays(30)->timestamp)->delete()""#,
        r#"python3 -c "from app.db import Session; from app.models import Token; s=Session(); s.query(Token).filter(Token.expired == True).delete(); s.commit()""#,
        // A file's truncate is not a table's; a kill of a PID read at run time is not judged here.
        r#"python3 -c "f=open('out.log','r+'); f.truncate(0)""#,
        r#"python3 -c "import os, signal; os.kill(int(open('server.pid').read()), signal.SIGTERM)""#,
        // Build output and temporary files, in each runtime's spelling.
        r#"elixir -e 'File.rm_rf!("_build")'"#,
        r#"Rscript -e 'unlink("htmlcov", recursive = TRUE)'"#,
        r#"julia -e 'rm("target"; force=true, recursive=true)'"#,
        r#"groovy -e 'new File("build").deleteDir()'"#,
        r#"node -e "require('rimraf').sync('coverage')""#,
        r#"python3 -c "import os; [os.remove(os.path.join('dist', f)) for f in os.listdir('dist')]""#,
        r#"python3 -c "import os; [os.remove(os.path.join(r, f)) for r, _, fs in os.walk('.') for f in fs if f.endswith('.pyc')]""#,
        // PowerShell's lists of build output.
        r#"Remove-Item -Recurse -Force .\bin, .\obj"#,
        r#"Remove-Item -Recurse -Force src\Api\bin,src\Api\obj"#,
        r#"Remove-Item -Recurse -Force .\node_modules, .\dist"#,
    ]);
}

#[test]
fn consoles_carry_the_applications_code() {
    expect_at_least(&[
        (
            r#"bin/rails runner "Subscription.destroy_all""#,
            Severity::Verify,
        ),
        (
            r#"bundle exec rails r -e production "AuditEvent.delete_all""#,
            Severity::Verify,
        ),
        (
            r#"echo 'Payment.delete_all' | rails console -e production"#,
            Severity::Verify,
        ),
        (
            r#"php artisan tinker --execute="App\Models\Customer::truncate()""#,
            Severity::Verify,
        ),
        (
            r#"./artisan tinker --execute "Schema::dropIfExists('ledger_entries')""#,
            Severity::Verify,
        ),
        (
            r#"./manage.py shell --command="from crm.models import Lead; Lead.objects.all().delete()""#,
            Severity::Verify,
        ),
        (
            r#"mix run -e 'Shop.Repo.delete_all(Shop.Customer)'"#,
            Severity::Verify,
        ),
        (
            r#"echo 'Files.walk(Path.of("/srv/media")).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete())' | jshell -"#,
            Severity::Verify,
        ),
        (r#"rake -e 'FileUtils.rm_rf("/var/www")'"#, Severity::Verify),
    ]);
}

#[test]
fn orm_and_storage_calls_that_reach_a_whole_store_are_held() {
    expect_at_least(&[
        (
            r#"python3 -c "from app.db import Session; from app.models import Invoice; s=Session(); s.query(Invoice).delete(); s.commit()""#,
            Severity::Verify,
        ),
        (
            r#"python3 -c "from app import create_app, db; create_app().app_context().push(); db.drop_all()""#,
            Severity::Verify,
        ),
        (
            r#"python3 -c "from models import Event; Event.delete().execute()""#,
            Severity::Verify,
        ),
        (
            r#"python3 -c "from django.core.management import call_command; import django; django.setup(); call_command('flush', interactive=False)""#,
            Severity::Verify,
        ),
        (
            r#"node -e "require('./db').sequelize.sync({ force: true })""#,
            Severity::Verify,
        ),
        (
            r#"node -e "require('./models').Order.destroy({ where: {} })""#,
            Severity::Verify,
        ),
        (
            r#"node -e "const knex=require('knex')(require('./knexfile').production); knex('payments').del().then(()=>process.exit())""#,
            Severity::Verify,
        ),
        (
            r#"php artisan tinker --execute="DB::table('orders')->delete()""#,
            Severity::Verify,
        ),
        (
            r#"php artisan tinker --execute="Storage::disk('s3')->deleteDirectory('/')""#,
            Severity::Verify,
        ),
        (
            r#"php artisan tinker --execute="Storage::disk('public')->deleteDirectory('avatars')""#,
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn aws_sdk_calls_are_the_cli_commands_of_the_same_operation() {
    expect_allowed(&[
        r#"python3 -c "import boto3; print(boto3.client('s3').list_objects_v2(Bucket='assets')['KeyCount'])""#,
        r#"python3 -c "import boto3; print(boto3.client('rds').describe_db_instances()['DBInstances'][0]['DBInstanceStatus'])""#,
        r#"node -e "const {S3Client, ListBucketsCommand}=require('@aws-sdk/client-s3'); new S3Client({}).send(new ListBucketsCommand({})).then(console.log)""#,
    ]);
    expect_at_least(&[
        (
            r#"python3 -c "import boto3; boto3.client('dynamodb').delete_table(TableName='orders')""#,
            Severity::Verify,
        ),
        (
            r#"python3 -c "import boto3; boto3.resource('s3').Bucket('ml-datasets').objects.all().delete()""#,
            Severity::Verify,
        ),
        (
            r#"node -e "const {RDSClient, DeleteDBClusterCommand}=require('@aws-sdk/client-rds'); new RDSClient({}).send(new DeleteDBClusterCommand({DBClusterIdentifier:'prod', SkipFinalSnapshot:true}))""#,
            Severity::Verify,
        ),
        (
            r#"python3 -c "import boto3; boto3.client('ec2').terminate_instances(InstanceIds=['i-0a1b2c3d'])""#,
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn runtimes_filesystem_calls_are_the_shells_rm() {
    expect_at_least(&[
        (
            r#"elixir -e 'File.rm_rf!("/var/lib/postgresql")'"#,
            Severity::Verify,
        ),
        (
            r#"Rscript -e 'unlink("/home/analyst/projects", recursive = TRUE)'"#,
            Severity::Verify,
        ),
        (
            r#"julia -e 'rm(homedir(); recursive=true, force=true)'"#,
            Severity::Verify,
        ),
        (
            r#"julia -e 'rm("/opt/data"; recursive=true)'"#,
            Severity::Verify,
        ),
        (
            r#"groovy -e 'new File("/var/lib/jenkins").deleteDir()'"#,
            Severity::Verify,
        ),
        (
            r#"kotlin -e 'java.io.File("/srv/uploads").deleteRecursively()'"#,
            Severity::Verify,
        ),
        (
            r#"node -e "require('rimraf').sync('/var/www')""#,
            Severity::Verify,
        ),
        (
            r#"node -e "const fs=require('fs'); for (const d of fs.readdirSync('/home/dev')) fs.rmSync('/home/dev/'+d, {recursive:true})""#,
            Severity::Verify,
        ),
        (
            r#"python3 -c "import os; [os.unlink(os.path.join(r, f)) for r, _, fs in os.walk('/var/lib/redis') for f in fs]""#,
            Severity::Verify,
        ),
        (
            r#"ruby -e 'Dir.children("/var/www/uploads").each { |f| FileUtils.rm_rf(File.join("/var/www/uploads", f)) }'"#,
            Severity::Verify,
        ),
    ]);
}

#[test]
fn process_apis_killing_init_or_everything_are_held() {
    expect_at_least(&[
        (
            r#"python3 -c "import os, signal; os.kill(1, signal.SIGKILL)""#,
            Severity::Verify,
        ),
        (r#"ruby -e 'Process.kill(:KILL, -1)'"#, Severity::Verify),
        (r#"node -e "process.kill(-1, 'SIGKILL')""#, Severity::Verify),
        (
            r#"python3 -c "import psutil; [p.terminate() for p in psutil.process_iter()]""#,
            Severity::Verify,
        ),
    ]);
}

#[test]
fn powershell_lists_and_a_users_repositories() {
    expect_at_least(&[
        (
            r#"Remove-Item -Recurse -Force C:\Users\dev\source\repos"#,
            Severity::Verify,
        ),
        (r#"rm -rf ~/source/repos"#, Severity::Verify),
        // The bypass: build output beside a place that is not.
        (
            r#"Remove-Item -Recurse -Force .\bin, .\obj, C:\Users\dev\source\repos"#,
            Severity::Verify,
        ),
        (
            r#"Remove-Item -Recurse -Force .\bin, .\obj, C:\ProgramData"#,
            Severity::Verify,
        ),
        (
            r#"Remove-Item -Recurse -Force .\bin, .\obj; Remove-Item -Recurse -Force $env:USERPROFILE"#,
            Severity::Verify,
        ),
        (r#"Remove-Item -Recurse -Force bin, src"#, Severity::Confirm),
    ]);
}

#[test]
fn every_file_of_a_data_directory_deleted_by_a_glob() {
    expect_allowed(&[
        r#"perl -e 'unlink glob "*.orig"'"#,
        r#"php -r "array_map('unlink', glob('build/*'));""#,
        r#"rm -f /tmp/pytest-of-dev/*"#,
    ]);
    expect_at_least(&[
        (
            r#"perl -e 'unlink glob "/var/lib/postgresql/16/main/*"'"#,
            Severity::Verify,
        ),
        (
            r#"php -r "array_map('unlink', glob('/srv/www/*'));""#,
            Severity::Verify,
        ),
        (r#"sudo rm -f /etc/nginx/*"#, Severity::Verify),
        // A pattern keeps the rest of the directory: confirmed, not more.
        (r#"sudo rm -f /var/log/nginx/*.gz"#, Severity::Confirm),
    ]);
}
