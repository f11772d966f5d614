package analysis

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// A technology counts for a session only with evidence that the session
// used it: a program of it ran in a command, it was installed, a file of
// its language or configuration was edited, written or read, it was
// imported in written code, or the steward named it. An answer that lists
// another company's stack names technologies nobody used.

// Evidence kinds, strongest last: a technology keeps the evidence of its
// strongest kind, the first of that kind.
const (
	evidenceNamed = iota + 1
	evidenceRead
	evidenceUsed
)

// maxEvidence bounds one evidence line.
const maxEvidence = 120

// programTechnologies maps a program, as run in a shell command, to the
// technology it belongs to.
var programTechnologies = map[string]string{
	"git": "Git", "gh": "GitHub CLI", "glab": "GitLab CLI", "go": "Go", "gofmt": "Go",
	"python": "Python", "python3": "Python", "uv": "uv", "poetry": "Poetry",
	// pip is the installer every Python comes with: running it is work in
	// Python, and readers name the language, not pip (the real set's dev
	// labels list pip as optional six times and require it once).
	"pip": "Python", "pip3": "Python",
	"pipenv": "Pipenv", "pytest": "pytest", "ruff": "Ruff", "mypy": "mypy", "black": "Black",
	"node": "Node.js", "npm": "npm", "pnpm": "pnpm", "yarn": "Yarn", "bun": "Bun", "deno": "Deno",
	"tsc": "TypeScript", "eslint": "ESLint", "prettier": "Prettier", "jest": "Jest", "vitest": "Vitest",
	"playwright": "Playwright", "biome": "Biome", "vite": "Vite", "webpack": "webpack", "esbuild": "esbuild",
	"cargo": "Cargo", "rustc": "Rust", "rustup": "Rust", "docker": "Docker", "docker-compose": "Docker Compose",
	"podman": "Podman", "kubectl": "Kubernetes", "helm": "Helm", "minikube": "minikube", "kind": "kind",
	"k3d": "k3d", "terraform": "Terraform", "tofu": "OpenTofu", "ansible": "Ansible",
	"ansible-playbook": "Ansible", "aws": "AWS CLI", "gcloud": "Google Cloud", "az": "Azure CLI",
	"psql": "PostgreSQL", "pg_dump": "PostgreSQL", "pg_restore": "PostgreSQL", "mysql": "MySQL",
	"sqlite3": "SQLite", "redis-cli": "Redis", "mongosh": "MongoDB", "make": "Make", "just": "just",
	"cmake": "CMake", "gcc": "GCC", "clang": "Clang", "mise": "mise", "asdf": "asdf", "nix": "Nix",
	"nix-shell": "Nix", "nix-build": "Nix", "nixos-rebuild": "NixOS", "darwin-rebuild": "nix-darwin",
	"home-manager": "Home Manager", "brew": "Homebrew", "jq": "jq", "yq": "yq", "goreleaser": "goreleaser",
	"golangci-lint": "golangci-lint", "staticcheck": "staticcheck", "templ": "templ", "sqlc": "sqlc",
	"buf": "Buf", "protoc": "Protocol Buffers", "pre-commit": "pre-commit", "markdownlint": "markdownlint",
	"markdownlint-cli2": "markdownlint", "shellcheck": "ShellCheck", "direnv": "direnv", "ghq": "ghq",
	"tmux": "tmux", "systemctl": "systemd", "journalctl": "systemd", "nginx": "nginx", "ffmpeg": "FFmpeg",
	"hugo": "Hugo", "java": "Java", "javac": "Java", "mvn": "Maven", "gradle": "Gradle", "ruby": "Ruby",
	"gem": "RubyGems", "bundle": "Bundler", "rails": "Rails", "rake": "Rake", "php": "PHP",
	"composer": "Composer", "dotnet": ".NET", "swift": "Swift", "xcodebuild": "Xcode", "flutter": "Flutter",
	"dart": "Dart", "claude": "Claude Code", "gemini": "Gemini CLI", "codex": "Codex CLI", "aider": "aider",
	"ollama": "Ollama", "vercel": "Vercel", "wrangler": "Cloudflare Workers", "flyctl": "Fly.io",
	"heroku": "Heroku", "firebase": "Firebase", "supabase": "Supabase", "gitleaks": "gitleaks",
	"trivy": "Trivy", "hadolint": "hadolint", "actionlint": "actionlint", "act": "act", "lua": "Lua",
	"perl": "Perl", "elixir": "Elixir", "mix": "Mix", "zig": "Zig", "kotlin": "Kotlin", "scala": "Scala",
	"sbt": "sbt", "R": "R", "Rscript": "R", "julia": "Julia", "pandoc": "Pandoc", "latexmk": "LaTeX",
	"pdflatex": "LaTeX", "xelatex": "LaTeX", "tectonic": "LaTeX", "mermaid": "Mermaid", "mmdc": "Mermaid",
	"redis-server": "Redis", "caddy": "Caddy", "wasm-pack": "WebAssembly", "tailwindcss": "Tailwind CSS",
	"ng": "Angular", "nuxt": "Nuxt", "next": "Next.js", "astro": "Astro", "svelte-kit": "SvelteKit",
	"atlas": "Atlas", "goose": "goose", "air": "Air", "hyperfine": "hyperfine", "k6": "k6",
	"rg": "ripgrep", "curl": "curl", "wget": "Wget", "pwsh": "PowerShell", "powershell": "PowerShell",
	"codesign": "codesign", "notarytool": "notarytool", "hatch": "Hatch", "pyupgrade": "pyupgrade",
	"isort": "isort", "flake8": "Flake8", "pylint": "Pylint", "tox": "tox", "nox": "Nox", "pyright": "Pyright",
	"twine": "Twine", "maturin": "maturin", "pdm": "PDM", "conda": "Conda", "mamba": "Conda", "jupyter": "Jupyter", "tree-sitter": "tree-sitter",
	"fd": "fd", "fdfind": "fd", "autoflake": "autoflake", "docformatter": "docformatter", "bandit": "Bandit",
	"pydocstyle": "pydocstyle", "pyflakes": "Pyflakes", "taplo": "Taplo", "parallel": "GNU Parallel", "envsubst": "envsubst",
	// The Linux desktop's packaging, message bus and service manager.
	"flatpak": "Flatpak", "flatpak-builder": "Flatpak", "flatpak-spawn": "Flatpak", "snap": "Snap",
	"snapcraft": "Snap", "appimagetool": "AppImage", "dbus-send": "D-Bus", "dbus-monitor": "D-Bus",
	"gdbus": "D-Bus", "busctl": "D-Bus", "qdbus": "D-Bus", "systemd-run": "systemd", "systemd-analyze": "systemd",
	"loginctl": "systemd", "rpmbuild": "RPM", "dpkg-deb": "dpkg", "dpkg-buildpackage": "dpkg",
	// Deployment and infrastructure-as-code CLIs.
	"serverless": "Serverless Framework", "sls": "Serverless Framework", "sam": "AWS SAM", "cdk": "AWS CDK",
	"pulumi": "Pulumi", "netlify": "Netlify", "railway": "Railway", "doctl": "DigitalOcean", "fly": "Fly.io",
	"eksctl": "Amazon EKS", "amplify": "AWS Amplify",
	// Further well-known programs by kind: build tools and package
	// managers, linters and scanners, debuggers, containers and clusters,
	// network and tunnel tools.
	"ninja": "Ninja", "meson": "Meson", "bazel": "Bazel", "bazelisk": "Bazel", "buck2": "Buck2", "ant": "Ant",
	"msbuild": "MSBuild", "gulp": "gulp", "grunt": "Grunt", "parcel": "Parcel", "tsup": "tsup", "ts-node": "ts-node",
	"tsc-watch": "TypeScript", "nodemon": "nodemon", "pm2": "PM2", "turbo": "Turborepo", "nx": "Nx", "lerna": "Lerna",
	"pipx": "pipx", "nuget": "NuGet", "vcpkg": "vcpkg", "conan": "Conan", "pod": "CocoaPods", "carthage": "Carthage",
	"nvm": "nvm", "volta": "Volta", "fnm": "fnm", "pyenv": "pyenv", "rbenv": "rbenv",
	"fastlane": "fastlane", "stylelint": "Stylelint", "oxlint": "oxlint", "yamllint": "yamllint", "shfmt": "shfmt",
	"sqlfluff": "SQLFluff", "tflint": "TFLint", "checkov": "Checkov", "govulncheck": "govulncheck",
	"goimports": "Go", "gopls": "Go", "rustfmt": "Rust", "clang-format": "clang-format", "clang-tidy": "clang-tidy",
	"rubocop": "RuboCop", "rspec": "RSpec", "phpunit": "PHPUnit", "phpstan": "PHPStan", "swiftlint": "SwiftLint",
	"swiftformat": "SwiftFormat", "ktlint": "ktlint", "detekt": "detekt", "semgrep": "Semgrep", "codeql": "CodeQL",
	"trufflehog": "TruffleHog", "syft": "Syft", "grype": "Grype", "cosign": "cosign", "lefthook": "Lefthook",
	"commitlint": "commitlint", "husky": "Husky", "lint-staged": "lint-staged", "semantic-release": "semantic-release",
	"changeset": "Changesets", "release-please": "Release Please", "gotestsum": "gotestsum", "mocha": "Mocha",
	"cypress": "Cypress", "puppeteer": "Puppeteer", "jmeter": "JMeter", "locust": "Locust",
	"dlv": "Delve", "gdb": "GDB", "lldb": "LLDB", "valgrind": "Valgrind", "adb": "adb",
	"kubeadm": "Kubernetes", "k9s": "k9s", "kustomize": "Kustomize", "skaffold": "Skaffold", "tilt": "Tilt",
	"helmfile": "Helmfile", "terragrunt": "Terragrunt", "packer": "Packer", "vagrant": "Vagrant", "consul": "Consul",
	"vault": "Vault", "nomad": "Nomad", "buildah": "Buildah", "skopeo": "skopeo", "colima": "Colima",
	"limactl": "Lima", "orb": "OrbStack", "vboxmanage": "VirtualBox", "qemu-img": "QEMU",
	"qemu-system-x86_64": "QEMU", "qemu-system-aarch64": "QEMU", "virsh": "libvirt", "multipass": "Multipass",
	"argocd": "Argo CD", "flux": "Flux", "istioctl": "Istio", "linkerd": "Linkerd", "cilium": "Cilium",
	"ngrok": "ngrok", "cloudflared": "cloudflared", "tailscale": "Tailscale", "wg": "WireGuard",
	"wg-quick": "WireGuard", "certbot": "Certbot", "nmap": "Nmap", "tcpdump": "tcpdump", "tshark": "Wireshark",
	"httpie": "HTTPie", "grpcurl": "grpcurl", "fzf": "fzf", "zellij": "Zellij",
	"launchctl": "launchd", "supervisorctl": "Supervisor", "apachectl": "Apache HTTP Server",
	"git-lfs": "Git LFS", "git-filter-repo": "git-filter-repo", "bfg": "BFG Repo-Cleaner",
	"typst": "Typst", "asciidoctor": "AsciiDoc", "mkdocs": "MkDocs", "sphinx-build": "Sphinx",
	"jekyll": "Jekyll", "eleventy": "Eleventy", "zola": "Zola", "hexo": "Hexo", "docusaurus": "Docusaurus",
	"magick": "ImageMagick", "convert": "ImageMagick", "dot": "Graphviz", "plantuml": "PlantUML",
	"sqlcmd": "SQL Server", "mongod": "MongoDB", "mongo": "MongoDB", "mongodump": "MongoDB",
	"mysqldump": "MySQL", "duckdb": "DuckDB", "clickhouse": "ClickHouse", "clickhouse-client": "ClickHouse",
	"cqlsh": "Cassandra", "influx": "InfluxDB", "etcdctl": "etcd", "redis-benchmark": "Redis",
	"turso": "Turso", "neonctl": "Neon", "prisma": "Prisma", "drizzle-kit": "Drizzle", "alembic": "Alembic",
	"flyway": "Flyway", "liquibase": "Liquibase", "dbt": "dbt",
	"airflow": "Apache Airflow", "spark-submit": "Apache Spark", "pyspark": "Apache Spark", "kafka-topics": "Kafka",
	"kafka-console-consumer": "Kafka", "rabbitmqctl": "RabbitMQ", "nats": "NATS", "celery": "Celery",
	"uvicorn": "Uvicorn", "gunicorn": "Gunicorn", "streamlit": "Streamlit", "gradio": "Gradio", "mlflow": "MLflow",
	"tensorboard": "TensorBoard", "huggingface-cli": "Hugging Face", "hf": "Hugging Face", "llama-server": "llama.cpp",
	"llama-cli": "llama.cpp", "vllm": "vLLM", "nvcc": "CUDA", "expo": "Expo",
	"eas": "Expo", "react-native": "React Native", "ionic": "Ionic", "cap": "Capacitor", "cordova": "Cordova",
	"electron-builder": "electron-builder", "tauri": "Tauri", "wails": "Wails", "pod-install": "CocoaPods",
	"sdkmanager":   "Android SDK",
	"xcode-select": "Xcode", "xcodegen": "XcodeGen", "tuist": "Tuist", "cdktf": "CDK for Terraform",
	"copilot": "GitHub Copilot", "cursor": "Cursor", "code": "VS Code", "nvim": "Neovim", "vim": "Vim",
	"emacs": "Emacs", "subl": "Sublime Text", "zed": "Zed", "opencode": "OpenCode", "amp": "Amp", "kiro": "Kiro",
}

// subTechnologies are technologies a program's sub-command works with
// ("gh run view" reads a GitHub Actions run).
var subTechnologies = map[string]map[string]string{
	"gh":     {"run": "GitHub Actions", "workflow": "GitHub Actions"},
	"git":    {"lfs": "Git LFS", "filter-repo": "git-filter-repo"},
	"docker": {"compose": "Docker Compose"},
	// Cargo builds, tests and runs the Rust code of the project.
	"cargo": {"build": "Rust", "test": "Rust", "run": "Rust", "check": "Rust", "clippy": "Rust", "bench": "Rust", "fmt": "Rust"},
	"xcrun": {"notarytool": "notarytool", "stapler": "notarytool"},
	// A cloud CLI's first sub-command names the service it works with
	// ("aws stepfunctions list-executions", "gcloud run deploy").
	"aws": {"lambda": "AWS Lambda", "stepfunctions": "AWS Step Functions", "s3": "Amazon S3", "s3api": "Amazon S3",
		"dynamodb": "DynamoDB", "ecr": "Amazon ECR", "ecs": "Amazon ECS", "eks": "Amazon EKS", "ec2": "Amazon EC2",
		"sqs": "Amazon SQS", "sns": "Amazon SNS", "rds": "Amazon RDS", "cloudformation": "CloudFormation",
		"logs": "CloudWatch", "cloudwatch": "CloudWatch", "ssm": "AWS Systems Manager", "cloudfront": "CloudFront",
		"route53": "Route 53", "secretsmanager": "AWS Secrets Manager", "apigateway": "API Gateway",
		"bedrock": "Amazon Bedrock", "bedrock-runtime": "Amazon Bedrock"},
	"gcloud": {"run": "Cloud Run", "functions": "Cloud Functions", "storage": "Cloud Storage", "sql": "Cloud SQL",
		"pubsub": "Pub/Sub", "compute": "Compute Engine", "container": "GKE", "builds": "Cloud Build",
		"app": "App Engine", "firestore": "Firestore"},
	"az": {"functionapp": "Azure Functions", "webapp": "Azure App Service", "aks": "AKS", "cosmosdb": "Cosmos DB",
		"devops": "Azure DevOps", "pipelines": "Azure Pipelines", "repos": "Azure DevOps", "boards": "Azure DevOps"},
	"swift": {"build": "Swift Package Manager", "test": "Swift Package Manager", "package": "Swift Package Manager", "run": "Swift Package Manager"},
}

// httpClients are the programs that send a request to the URL they are
// given.
var httpClients = set("curl", "wget", "http", "https", "xh")

// apiHosts are the hosts of well-known services' APIs: a request to one
// ("curl https://api.github.com/repos/o/r/issues/7") uses that API.
var apiHosts = map[string]string{
	"api.github.com": "GitHub API", "uploads.github.com": "GitHub API", "api.openai.com": "OpenAI",
	"api.anthropic.com": "Anthropic", "generativelanguage.googleapis.com": "Gemini", "api.mistral.ai": "Mistral",
	"api.groq.com": "Groq", "api.deepseek.com": "DeepSeek", "openrouter.ai": "OpenRouter",
	"api.perplexity.ai": "Perplexity", "api.cohere.ai": "Cohere", "api.cohere.com": "Cohere",
	"api.replicate.com": "Replicate", "api.elevenlabs.io": "ElevenLabs", "api-inference.huggingface.co": "Hugging Face",
	"huggingface.co": "Hugging Face", "api.stripe.com": "Stripe", "api.telegram.org": "Telegram",
	"hooks.slack.com": "Slack", "api.notion.com": "Notion", "api.linear.app": "Linear",
	"api.bitbucket.org": "Bitbucket", "api.twilio.com": "Twilio",
	"api.sendgrid.com": "SendGrid", "api.cloudflare.com": "Cloudflare", "api.vercel.com": "Vercel",
	"api.netlify.com": "Netlify", "api.heroku.com": "Heroku", "api.digitalocean.com": "DigitalOcean",
	"registry.npmjs.org": "npm", "pypi.org": "PyPI", "crates.io": "crates.io", "hub.docker.com": "Docker Hub",
	"api.openalex.org": "OpenAlex", "api.pinata.cloud": "Pinata", "api.mixpanel.com": "Mixpanel",
	"app.posthog.com": "PostHog", "us.i.posthog.com": "PostHog", "eu.i.posthog.com": "PostHog",
	"api.airtable.com": "Airtable", "graph.facebook.com": "Facebook Graph API", "graph.microsoft.com": "Microsoft Graph",
}

// apiOfURL names the well-known API a URL argument is a request to, or "".
func apiOfURL(arg string) string {
	arg = strings.Trim(arg, `"'`)
	_, rest, ok := strings.Cut(arg, "://")
	if !ok {
		return ""
	}
	host, _, _ := strings.Cut(rest, "/")
	host, _, _ = strings.Cut(host, ":")
	host = strings.TrimPrefix(strings.ToLower(host), "www.")
	if strings.HasSuffix(host, ".supabase.co") {
		return "Supabase"
	}
	return apiHosts[host]
}

// findExec are the options of find and fd after which comes the program
// they run on each file found.
var findExec = set("-exec", "-execdir", "-x", "--exec", "-X", "--exec-batch")

// wrappers run the program named after them ("npx prettier", "uv run
// pytest", "time go test", PowerShell's "& mvn"), as do the shell's own
// words that open a command of a loop or a condition ("for f in *.py; do
// ruff check $f; done", "if ! go vet ./...; then").
var wrappers = set("npx", "bunx", "uvx", "pnpx", "time", "env", "exec", "nohup", "xargs", "command", "watch",
	"timeout", "nice", "caffeinate", "&", "do", "then", "else", "if", "elif", "while", "until", "!")

// subWrappers run the program named after a sub-command ("uv run ruff",
// "pnpm exec eslint", "poetry run pytest", "mise exec -- go").
var subWrappers = map[string]map[string]bool{
	"uv": set("run"), "poetry": set("run"), "pipenv": set("run"), "pnpm": set("exec", "dlx"),
	"yarn": set("dlx", "exec"), "npm": set("exec"), "bundle": set("exec"), "mise": set("exec", "x"),
	"go": set("tool"), "nix": set("run", "shell"), "docker": set(), "cargo": set(), "hatch": set("run"),
	"pdm": set("run"), "conda": set("run"),
}

// installers are the sub-commands that install packages, per program.
var installers = map[string]map[string]bool{
	"npm": set("install", "i", "add"), "pnpm": set("add", "install", "i"), "yarn": set("add"),
	"bun": set("add", "install", "i"), "pip": set("install"), "pip3": set("install"), "uv": set("add", "pip"),
	"poetry": set("add"), "cargo": set("add", "install"), "go": set("get", "install"),
	"brew": set("install"), "apt": set("install"), "apt-get": set("install"), "gem": set("install"),
	"composer": set("require"), "mise": set("use", "install"), "deno": set("add", "install"),
}

// configTechnologies maps a file name (lower case) to the technology whose
// configuration it is.
var configTechnologies = map[string]string{
	"go.mod": "Go", "go.sum": "Go", "go.work": "Go", "tsconfig.json": "TypeScript", "cargo.toml": "Rust",
	"pyproject.toml": "Python", "requirements.txt": "Python", "setup.py": "Python", "gemfile": "Ruby",
	"composer.json": "PHP", "pom.xml": "Maven", "build.gradle": "Gradle", "build.gradle.kts": "Gradle",
	"dockerfile": "Docker", "containerfile": "Podman", "docker-compose.yml": "Docker Compose",
	"docker-compose.yaml": "Docker Compose", "compose.yml": "Docker Compose", "compose.yaml": "Docker Compose",
	"makefile": "Make", "justfile": "just", ".goreleaser.yml": "goreleaser", ".goreleaser.yaml": "goreleaser",
	"goreleaser.yml": "goreleaser", "goreleaser.yaml": "goreleaser", ".golangci.yml": "golangci-lint",
	".golangci.yaml": "golangci-lint", ".golangci.toml": "golangci-lint", "mise.toml": "mise",
	".mise.toml": "mise", ".tool-versions": "asdf", "flake.nix": "Nix", "flake.lock": "Nix",
	".pre-commit-config.yaml": "pre-commit", ".pre-commit-config.yml": "pre-commit", ".gitignore": "Git",
	".gitattributes": "Git", ".gitmodules": "Git", ".gitlab-ci.yml": "GitLab CI", ".travis.yml": "Travis CI",
	"chart.yaml": "Helm", ".envrc": "direnv", "biome.json": "Biome", "renovate.json": "Renovate",
	"vercel.json": "Vercel", "wrangler.toml": "Cloudflare Workers", "fly.toml": "Fly.io",
	"netlify.toml": "Netlify", "deno.json": "Deno", "bun.lockb": "Bun", "pnpm-lock.yaml": "pnpm",
	"yarn.lock": "Yarn", "package-lock.json": "npm", "poetry.lock": "Poetry", "uv.lock": "uv",
	"pipfile": "Pipenv", ".eslintrc": "ESLint", ".eslintrc.json": "ESLint", ".eslintrc.js": "ESLint",
	".eslintrc.cjs": "ESLint", "eslint.config.js": "ESLint", "eslint.config.mjs": "ESLint",
	".prettierrc": "Prettier", ".prettierrc.json": "Prettier", "prettier.config.js": "Prettier",
	".markdownlint.json": "markdownlint", ".markdownlint.yaml": "markdownlint",
	".markdownlint-cli2.yaml": "markdownlint", "vite.config.ts": "Vite", "vite.config.js": "Vite",
	"next.config.js": "Next.js", "next.config.mjs": "Next.js", "next.config.ts": "Next.js",
	"tailwind.config.js": "Tailwind CSS", "tailwind.config.ts": "Tailwind CSS", "sqlc.yaml": "sqlc",
	"buf.yaml": "Buf", "caddyfile": "Caddy", "nginx.conf": "nginx", "playwright.config.ts": "Playwright",
	"vitest.config.ts": "Vitest", "jest.config.js": "Jest", "pytest.ini": "pytest", "ruff.toml": "Ruff",
	// conftest.py is pytest's own file of fixtures and hooks: no other
	// tool reads a file of that name.
	"conftest.py":   "pytest",
	"package.swift": "Swift Package Manager", "taskfile.yml": "Task", "taskfile.yaml": "Task", ".air.toml": "Air", "atlas.hcl": "Atlas",
	// Further well-known configuration and manifest files, by ecosystem.
	"cargo.lock": "Rust", "rust-toolchain.toml": "Rust", "rust-toolchain": "Rust", "rustfmt.toml": "Rust",
	"gemfile.lock": "Bundler", ".rubocop.yml": "RuboCop", "rakefile": "Rake", "composer.lock": "Composer",
	"phpunit.xml": "PHPUnit", "artisan": "Laravel", "manage.py": "Django", "pubspec.yaml": "Dart",
	"podfile": "CocoaPods", "cartfile": "Carthage", "build.sbt": "sbt", "settings.gradle": "Gradle",
	"settings.gradle.kts": "Gradle", "gradlew": "Gradle", "mvnw": "Maven", "cmakelists.txt": "CMake",
	"meson.build": "Meson", "build.bazel": "Bazel", "module.bazel": "Bazel", "workspace.bazel": "Bazel",
	".bazelrc": "Bazel", "conanfile.txt": "Conan", "conanfile.py": "Conan", "vcpkg.json": "vcpkg",
	"build.zig": "Zig", "build.zig.zon": "Zig", "mix.exs": "Elixir", "rebar.config": "Erlang",
	"stack.yaml": "Haskell", "deps.edn": "Clojure", "project.clj": "Clojure", "dune-project": "OCaml",
	"setup.cfg": "Python", "pipfile.lock": "Pipenv", "environment.yml": "Conda", "tox.ini": "tox",
	"noxfile.py": "Nox", "mypy.ini": "mypy", ".flake8": "Flake8", ".pylintrc": "Pylint", ".coveragerc": "Coverage.py",
	"pyrightconfig.json": "Pyright", ".python-version": "Python", ".nvmrc": "Node.js", ".node-version": "Node.js",
	".npmrc": "npm", ".yarnrc.yml": "Yarn", "pnpm-workspace.yaml": "pnpm", "bun.lock": "Bun", "bunfig.toml": "Bun",
	"deno.jsonc": "Deno", "deno.lock": "Deno", "jsconfig.json": "JavaScript", ".babelrc": "Babel",
	"babel.config.js": "Babel", "webpack.config.js": "webpack", "rollup.config.js": "Rollup",
	"rollup.config.mjs": "Rollup", "vite.config.mts": "Vite", "vite.config.mjs": "Vite", "vitest.config.mts": "Vitest",
	"vitest.config.js": "Vitest", "jest.config.ts": "Jest", "jest.config.mjs": "Jest", "jest.config.cjs": "Jest",
	"playwright.config.js": "Playwright", "cypress.config.ts": "Cypress", "cypress.config.js": "Cypress",
	"karma.conf.js": "Karma", ".mocharc.json": "Mocha", ".mocharc.yml": "Mocha", "eslint.config.ts": "ESLint",
	"eslint.config.cjs": "ESLint", ".eslintrc.yml": "ESLint", ".eslintignore": "ESLint", ".prettierrc.js": "Prettier",
	".prettierrc.yml": "Prettier", ".prettierignore": "Prettier", "prettier.config.mjs": "Prettier",
	".stylelintrc.json": "Stylelint", "biome.jsonc": "Biome", "turbo.json": "Turborepo", "nx.json": "Nx",
	"lerna.json": "Lerna", "angular.json": "Angular", "nuxt.config.ts": "Nuxt", "svelte.config.js": "Svelte",
	"astro.config.mjs": "Astro", "remix.config.js": "Remix", "gatsby-config.js": "Gatsby", "vue.config.js": "Vue",
	"tailwind.config.cjs": "Tailwind CSS", "tailwind.config.mjs": "Tailwind CSS", "postcss.config.js": "PostCSS",
	"postcss.config.mjs": "PostCSS", "tauri.conf.json": "Tauri", "capacitor.config.ts": "Capacitor",
	"eas.json": "Expo", "metro.config.js": "React Native", "electron-builder.yml": "electron-builder",
	"ecosystem.config.js": "PM2", "nodemon.json": "nodemon", "schema.prisma": "Prisma", "drizzle.config.ts": "Drizzle",
	"alembic.ini": "Alembic", "knexfile.js": "Knex", "dbt_project.yml": "dbt", "mkdocs.yml": "MkDocs",
	"docusaurus.config.js": "Docusaurus", "docusaurus.config.ts": "Docusaurus", "hugo.toml": "Hugo",
	".readthedocs.yaml": "Read the Docs", ".dockerignore": "Docker", "docker-compose.override.yml": "Docker Compose",
	"kustomization.yaml": "Kustomize", "skaffold.yaml": "Skaffold", "helmfile.yaml": "Helmfile",
	"terragrunt.hcl": "Terragrunt", ".terraform.lock.hcl": "Terraform", "ansible.cfg": "Ansible",
	"vagrantfile": "Vagrant", "serverless.yml": "Serverless Framework", "cdk.json": "AWS CDK",
	"samconfig.toml": "AWS SAM", "pulumi.yaml": "Pulumi", "firebase.json": "Firebase", ".firebaserc": "Firebase",
	"render.yaml": "Render", "railway.json": "Railway", "wrangler.jsonc": "Cloudflare Workers",
	"wrangler.json": "Cloudflare Workers", "cloudbuild.yaml": "Cloud Build",
	"buildspec.yml": "AWS CodeBuild", "jenkinsfile": "Jenkins", "azure-pipelines.yml": "Azure Pipelines",
	"bitbucket-pipelines.yml": "Bitbucket Pipelines", ".drone.yml": "Drone", "appveyor.yml": "AppVeyor",
	"codecov.yml": "Codecov", ".codecov.yml": "Codecov", "renovate.json5": "Renovate", ".renovaterc.json": "Renovate",
	"lefthook.yml": "Lefthook", "commitlint.config.js": "commitlint", ".releaserc": "semantic-release",
	".releaserc.json": "semantic-release", ".lintstagedrc": "lint-staged",
	".yamllint": "yamllint", ".yamllint.yml": "yamllint", ".hadolint.yaml": "hadolint", ".shellcheckrc": "ShellCheck",
	".clang-format": "clang-format", ".clang-tidy": "clang-tidy", ".swiftlint.yml": "SwiftLint",
	".sqlfluff": "SQLFluff", ".htaccess": "Apache HTTP Server", "supervisord.conf": "Supervisor",
	"openapi.yaml": "OpenAPI", "openapi.yml": "OpenAPI", "openapi.json": "OpenAPI", "swagger.json": "OpenAPI",
	"swagger.yaml": "OpenAPI", "buf.gen.yaml": "Buf", "codegen.yml": "GraphQL Code Generator",
	"mise.local.toml": "mise",
}

// writtenTechnologies are the languages and formats a session writes in
// when it edits or writes a file with that extension; reading one is no
// evidence (a README read is not Markdown work).
// A .tsx or .jsx file holds JSX, React's syntax.
var writtenTechnologies = map[string]string{"markdown": "Markdown", "nix": "Nix", "tsx": "React", "jsx": "React"}

// syntaxTechnologies are the written languages whose files are written in
// a framework's own syntax: a .tsx file the session reads is React code of
// the project, as a .ts file read is TypeScript (a README read is still no
// Markdown work).
var syntaxTechnologies = set("tsx", "jsx")

// techEvidence collects technologies with the evidence of each.
type techEvidence struct {
	order    []string
	count    map[string]int
	kind     map[string]int
	evidence map[string]string
	// configScripts is the JavaScript evidence of tools' configuration
	// files written in it (scriptConfigFile): JavaScript of the work only
	// when the project is not a TypeScript one.
	configScripts []techSighting
}

// techSighting is one piece of evidence held back until the session is
// read whole.
type techSighting struct {
	kind int
	ev   string
}

func newTechEvidence() *techEvidence {
	return &techEvidence{count: map[string]int{}, kind: map[string]int{}, evidence: map[string]string{}}
}

// add counts t once more and keeps ev as its evidence when it is of a
// stronger kind than what t had.
func (te *techEvidence) add(t string, kind int, ev string) {
	if t == "" {
		return
	}
	if te.count[t] == 0 {
		te.order = append(te.order, t)
	}
	te.count[t]++
	if kind > te.kind[t] {
		te.kind[t], te.evidence[t] = kind, excerpt(ev, maxEvidence)
	}
}

// technologiesOf finds the technologies a session used, most evidenced
// first, with one line of evidence for each ("ran `go test ./...`",
// "edited main.go", "imported github.com/labstack/echo/v4 in server.go").
func technologiesOf(vs []view) ([]string, map[string]string) {
	te := newTechEvidence()
	known := map[string]string{} // a file's content, as last read or written whole
	for i := range vs {
		v := &vs[i]
		for j := range v.calls {
			c := &v.calls[j]
			if c.Name == "Glob" {
				// A listing of file names reads no code: "**/*.sh"
				// finding the project's scripts is no work in Bash.
				continue
			}
			if c.Name == "Grep" && !c.failed && c.result >= 0 {
				for _, f := range grepFiles(c, vs[c.result].m.Content) {
					te.add(languageTechnology[languageOfPath(f)], evidenceRead, "searched "+path.Base(f))
				}
				continue
			}
			if subagentTools[c.Name] && !c.failed && c.result >= 0 {
				for _, f := range subagentWrittenFiles(vs[c.result].m.Content) {
					actionTechnologies(techAction{op: "write", file: f}, te)
				}
				continue
			}
			if server := mcpCallServer(c.Name); server != "" && !c.failed {
				mcpTechnologies(server, te)
			}
			acts := callActions(c)
			if c.failed && (!ranShell(acts) || notRun(vs, c)) {
				continue
			}
			for _, a := range acts {
				if a.op == "write" {
					a.before = known[a.file]
				}
				actionTechnologies(a, te)
				if a.op == "write" && len(a.written) == 1 {
					known[a.file] = a.written[0]
				}
			}
			if ranShell(acts) && c.result >= 0 {
				eslintReportTechnologies(truncate(vs[c.result].m.Content, maxScanText), "the command's output", te)
			}
			if c.op() == "read" && c.result >= 0 && !c.failed && c.file() != "" && c.in.Offset == 0 && c.in.Limit == 0 {
				known[c.file()] = readContent(vs[c.result].m.Content)
			}
		}
	}
	for i := range vs {
		v := &vs[i]
		if !v.text {
			continue
		}
		if continuationSummary(v.m.Content) {
			// The agent's summary of the conversation before lists the
			// files that conversation read and edited.
			for _, e := range v.sem.Entities {
				if e.Type == EntityFile {
					te.add(languageTechnology[languageOfPath(e.Text)], evidenceRead, "named "+path.Base(e.Text)+" in the summary of the conversation before")
				}
			}
		}
		if v.steward() && messageEvent(v.m) == "shell_command" {
			// The steward ran the command in the agent's shell ("!make
			// test"): its programs ran, and the words of a command line
			// are no technology named as theirs ("… | bash").
			actionTechnologies(techAction{op: "run", command: strings.TrimPrefix(v.m.Content, "!")}, te)
			continue
		}
		if v.steward() {
			// The steward's own words are read once, from the prose's
			// first maxScanText bytes, for every reader but stewardNamed,
			// which reads the whole prose.
			scanned := truncate(v.prose, maxScanText)
			words, prompts := stewardText(scanned)
			whole := words
			if len(scanned) < len(v.prose) {
				whole = stewardWords(v.prose)
			}
			stewardNamed(v, whole, te)
			ss := stewardSentences(words)
			stewardNamedTools(ss, te)
			stewardNamedProducts(ss, te)
			stewardSystems(ss, te)
			stewardCommands(v, words, prompts, te)
			stewardPastedOutput(v.m.Content, te)
			for _, f := range attachedFiles(v.prose) {
				te.add(languageTechnology[languageOfPath(f)], evidenceRead, "read "+path.Base(f)+", which the steward attached")
			}
		}
		if v.assistant() {
			for _, a := range textActions(v.m.Content) {
				actionTechnologies(a, te)
			}
			for _, server := range mcpCallsInText(v.m.Content) {
				mcpTechnologies(server, te)
			}
			if keepsCallsAsNotes(v.m.Content) {
				// The notes dropped the calls' files: the files the
				// answer names are the ones its calls worked on.
				for _, e := range v.sem.Entities {
					if e.Type == EntityFile {
						te.add(languageTechnology[languageOfPath(e.Text)], evidenceRead, "named "+path.Base(e.Text)+" beside the calls it made")
					}
				}
				names, said := announcedPrograms(v.m.Content)
				for k, name := range names {
					te.add(name, evidenceUsed, "ran a command announced as “"+excerpt(said[k], 80)+"”")
				}
			}
			for _, f := range searchTableFiles(v.m.Content) {
				te.add(languageTechnology[languageOfPath(f)], evidenceRead, "searched "+path.Base(f))
			}
			names, said := reportedChecks(v.m.Content)
			for k, name := range names {
				te.add(name, evidenceUsed, "ran it, as the answer reports: “"+excerpt(said[k], 80)+"”")
			}
			eslintReportTechnologies(truncate(v.m.Content, maxScanText), "the answer", te)
			if writesMarkdown(v.m.Content) {
				te.add("Markdown", evidenceNamed, "wrote a Markdown document in the answer")
			}
		}
		if v.assistant() && strings.Contains(v.m.Content, "<<<<<<< SEARCH") {
			for _, a := range searchReplaceEdits(v.m.Content) {
				actionTechnologies(a, te)
			}
		}
		if cc := v.m.CodeContext; cc != nil && v.steward() && cc.FilePath == "" && cc.Language != "shell" {
			te.add(languageTechnology[cc.Language], evidenceNamed, "code in it pasted by the steward")
		}
		if cc := v.m.CodeContext; cc != nil && v.steward() {
			stewardImports(v.m.Content, cc.Language, te)
		}
	}
	stewardGit(vs, te)
	projectLanguages(vs, te)
	if te.count["TypeScript"] == 0 {
		for _, c := range te.configScripts {
			te.add("JavaScript", c.kind, c.ev)
		}
	}
	// A name only mentioned that begins a longer name the session used
	// is that one ("Claude" beside "Claude Code", "GitHub" beside "GitHub
	// CLI").
	for _, short := range append([]string(nil), te.order...) {
		if te.kind[short] > evidenceNamed {
			continue
		}
		for _, long := range te.order {
			if strings.HasPrefix(long, short+" ") {
				te.drop(short)
				break
			}
		}
	}
	order := te.order
	sortStable(order, func(a, b string) bool {
		if te.kind[a] != te.kind[b] {
			return te.kind[a] > te.kind[b]
		}
		return te.count[a] > te.count[b]
	})
	if len(order) > maxTechnologies {
		order = order[:maxTechnologies]
	}
	evidence := make(map[string]string, len(order))
	for _, t := range order {
		evidence[t] = te.evidence[t]
	}
	if order == nil {
		order = []string{}
	}
	return order, evidence
}

// stewardImports records the packages that code the steward pasted
// imports: code of theirs, written for their project ("add this file as
// src/Review.tsx: import React …"), names its stack as theirs.
func stewardImports(content, lang string, te *techEvidence) {
	for _, imp := range importsOf(truncate(content, maxScanText), lang) {
		if t := importTechnology(imp, lang); t != "" {
			te.add(t, evidenceNamed, "imported "+imp+" in code the steward pasted")
		}
	}
}

func (te *techEvidence) drop(t string) {
	for i, o := range te.order {
		if o == t {
			te.order = append(te.order[:i], te.order[i+1:]...)
			break
		}
	}
	delete(te.count, t)
	delete(te.kind, t)
	delete(te.evidence, t)
}

// actionTechnologies adds what one action of a session shows in use: the
// programs of its command and the files the command reads, the language
// or configuration of its file, and what its written text imports or
// runs.
func actionTechnologies(a techAction, te *techEvidence) {
	if a.op == "run" {
		if a.shell != "" {
			te.add(a.shell, evidenceUsed, "ran `"+excerpt(a.command, 80)+"` in "+a.shell)
		}
		cmd := readShellCommand(truncate(a.command, 4096))
		for _, r := range segmentTechnologies(cmd.ran, cmd.subs) {
			if r.installed {
				te.add(r.name, evidenceUsed, "installed with `"+excerpt(r.command, 80)+"`")
				continue
			}
			te.add(r.name, evidenceUsed, "ran `"+excerpt(r.command, 80)+"`")
		}
		// The reads and the searches share the command's simple
		// commands split into words: each split the command for itself.
		args := commandArgs(cmd.segs)
		for _, f := range argsReads(args) {
			te.add(languageTechnology[languageOfPath(f)], evidenceRead, "read "+path.Base(f))
		}
		for _, p := range argsSearches(args) {
			te.add(languageTechnology[globLanguage(p)], evidenceRead, "searched "+p+" files")
		}
		return
	}
	f := a.file
	if f == "" || agentStateFile(f) {
		return
	}
	base := path.Base(f)
	verb := map[string]string{"write": "wrote ", "edit": "edited ", "read": "read "}[a.op]
	if verb == "" {
		return
	}
	kind := evidenceUsed
	if a.op == "read" {
		kind = evidenceRead
	}
	lang := languageOfPath(f)
	if pkg := installedPackageOfPath(f); pkg != "" {
		te.add(packageTechnology(pkg), evidenceRead, verb+pkg+"'s "+base+", which the project installed")
	}
	if lang == "javascript" && scriptConfigFile(base) {
		te.configScripts = append(te.configScripts, techSighting{kind, verb + base})
	} else {
		te.add(languageTechnology[lang], kind, verb+base)
	}
	dirTool := configDirTechnology(f)
	if (a.op != "read" || syntaxTechnologies[lang]) && dirTool != "Changesets" {
		// A changeset (.changeset/*.md: the packages to bump and a line
		// for the changelog) is Changesets' record, no Markdown of the
		// work.
		te.add(writtenTechnologies[lang], kind, verb+base)
	}
	te.add(configTechnologies[strings.ToLower(base)], kind, verb+base)
	te.add(dirTool, kind, verb+base)
	if strings.Contains(f, ".github/workflows/") && (lang == "yaml") {
		te.add("GitHub Actions", kind, verb+base)
	}
	if a.op == "read" {
		return
	}
	if t := productOfCodeFile(base, lang); t != "" {
		te.add(t, kind, verb+base+", code named after "+t)
	}
	for _, text := range a.written {
		writtenTechnologiesOf(truncate(text, 1<<16), a.before, f, lang, te)
	}
	// The file the session edits imports what its unchanged lines import:
	// the project it works on uses those packages.
	for _, imp := range importsOf(strings.Join(a.kept, "\n"), lang) {
		if t := importTechnology(imp, lang); t != "" {
			te.add(t, evidenceUsed, "imported "+imp+" in "+base+", which the session edited")
		}
	}
}

// writtenTechnologiesOf adds what text written to file f shows in use:
// packages it imports, actions a workflow uses (those it used before the
// session rewrote it, as last read, are not the session's), programs a
// script or a workflow's steps run.
func writtenTechnologiesOf(text, before, f, lang string, te *techEvidence) {
	base := path.Base(f)
	for _, imp := range importsOf(text, lang) {
		if t := importTechnology(imp, lang); t != "" {
			te.add(t, evidenceUsed, "imported "+imp+" in "+base)
		}
	}
	if strings.EqualFold(base, "pyproject.toml") {
		for _, t := range pyprojectTools(text) {
			te.add(t, evidenceUsed, "configured in "+base)
		}
	}
	for _, dep := range declaredDependencies(text, base) {
		if t := packageTechnology(dep); t != "" {
			te.add(t, evidenceUsed, "declared "+dep+" as a dependency in "+base)
		}
	}
	if strings.Contains(f, ".github/workflows/") {
		for _, a := range workflowActions(addedLines(before, text)) {
			te.add(a, evidenceUsed, "used in "+base)
		}
		for _, run := range workflowRuns(text) {
			for _, r := range commandTechnologies(run) {
				te.add(r.name, evidenceUsed, "run by "+base+": `"+excerpt(r.command, 60)+"`")
			}
		}
	}
	if lang == "shell" || strings.HasPrefix(text, "#!/bin/") || strings.HasPrefix(text, "#!/usr/bin/env ") {
		if strings.HasPrefix(text, "#!") {
			if sh := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(firstLine(text), "#!/usr/bin/env "), "#!/bin/")); sh == "bash" || sh == "sh" || sh == "zsh" {
				te.add("Bash", evidenceUsed, "wrote the shell script "+base)
			}
		}
		for _, r := range commandTechnologies(text) {
			te.add(r.name, evidenceUsed, "run by "+base+": `"+excerpt(r.command, 60)+"`")
		}
	}
}

// productOfCodeFile names the product a source file the session edits or
// writes is named after ("providers/ollama.py", "redis.go", "docker.sh"):
// a module named for a product is the project's code that works with it.
// A file named for a format or a markup language ("json.go", "yaml.py")
// or for an operating system ("linux.go") is code that reads the format or
// runs there, and a stylesheet, page or query is no code of the product.
func productOfCodeFile(base, lang string) string {
	if languageTechnology[lang] == "" || lang == "html" || lang == "css" || lang == "scss" || lang == "sql" {
		return ""
	}
	t := technologies[strings.ToLower(strings.TrimSuffix(base, path.Ext(base)))]
	if operatingSystems[t] || formatTechnologies[t] {
		return ""
	}
	return t
}

// scriptConfigFile reports a tool's configuration file written in
// JavaScript ("eslint.config.mjs", ".eslintrc.cjs", "vite.config.js",
// "karma.conf.js"): a TypeScript project configures its tools in
// JavaScript too, so such a file is the tool's evidence, not the
// project's language.
func scriptConfigFile(base string) bool {
	lower := strings.ToLower(base)
	if configTechnologies[lower] != "" {
		return true
	}
	dot := strings.LastIndexByte(lower, '.')
	if dot < 0 {
		return false
	}
	name := lower[:dot]
	return strings.HasSuffix(name, ".config") || strings.HasSuffix(name, ".conf") ||
		strings.HasPrefix(name, ".") && strings.HasSuffix(name, "rc")
}

// formatTechnologies are the data formats and markup languages
// technologies names: code named after one handles the format.
var formatTechnologies = set("JSON", "YAML", "TOML", "CSV", "Markdown", "HTML", "CSS", "SQL", "Excel")

// installedPackageOfPath names the package a file installed in the
// project belongs to: the package directory after node_modules/ ("@scope/
// name" for a scoped one) or Python's site-packages/, or "". Reading a
// dependency's own files shows the project depends on it.
func installedPackageOfPath(f string) string {
	f = strings.ReplaceAll(f, "\\", "/")
	var rest string
	for _, dir := range []string{"/node_modules/", "/site-packages/"} {
		if i := strings.LastIndex(f, dir); i >= 0 {
			rest = f[i+len(dir):]
			break
		}
	}
	parts := strings.Split(rest, "/")
	if len(parts) < 2 || parts[0] == "" || strings.HasPrefix(parts[0], ".") {
		return ""
	}
	if strings.HasPrefix(parts[0], "@") {
		if len(parts) < 3 {
			return ""
		}
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// addedLines returns the lines of new that old does not have: what an
// edit wrote, not what it kept.
func addedLines(old, new string) string {
	if old == "" {
		return new
	}
	have := map[string]bool{}
	for l := range strings.SplitSeq(old, "\n") {
		have[strings.TrimSpace(l)] = true
	}
	var b strings.Builder
	for l := range strings.SplitSeq(new, "\n") {
		if !have[strings.TrimSpace(l)] {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// readLineNumber is the line number Claude Code's Read puts before each
// line it returns ("    12→").
var readLineNumber = regexp.MustCompile(`(?m)^\s*\d+→`)

// readContent is a file's text as a Read result shows it, without the
// line numbers.
func readContent(result string) string {
	if !strings.Contains(result, "→") {
		return truncate(result, 1<<16) // no line numbers to take out
	}
	return withoutReadLineNumbers(truncate(result, 1<<16))
}

// workflowRuns lists the commands of a GitHub Actions workflow's "run:"
// steps, one line ("run: go test ./...") or a block ("run: |" and the
// lines indented under it).
func workflowRuns(text string) []string {
	var out []string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "- "))
		cmd, ok := strings.CutPrefix(l, "run:")
		if !ok {
			continue
		}
		cmd = strings.TrimSpace(cmd)
		if cmd != "|" && cmd != ">" && cmd != "|-" && cmd != ">-" {
			if cmd != "" {
				out = append(out, cmd)
			}
			continue
		}
		indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " "))
		var block []string
		for i+1 < len(lines) {
			next := lines[i+1]
			if strings.TrimSpace(next) != "" && len(next)-len(strings.TrimLeft(next, " ")) <= indent {
				break
			}
			block = append(block, strings.TrimSpace(next))
			i++
		}
		out = append(out, strings.Join(block, "\n"))
	}
	return out
}

// ranTech is one technology a command shows in use.
type ranTech struct {
	name      string
	command   string // the simple command that ran it
	installed bool
}

// commandTechnologies finds the technologies a shell command runs or
// installs: the program of each simple command (through wrappers such as
// npx and "uv run"), a Python module run with -m, a script run by its
// interpreter, and the known packages an installer is given. Quoted text
// and here-documents are not commands and are skipped.
func commandTechnologies(cmd string) []ranTech {
	rest, subs := substitutions(unquoted(cmd))
	return segmentTechnologies(shellSegments(rest), subs)
}

// segmentTechnologies is commandTechnologies of a command read as its
// simple commands, each substitution masked as one word (segs), and the
// substitutions' own commands (subs).
func segmentTechnologies(segs, subs []string) []ranTech {
	var out []ranTech
	seen := map[string]bool{}
	var seg string
	add := func(name string, installed bool) {
		if name != "" && !seen[name] {
			seen[name] = true
			out = append(out, ranTech{name: name, command: substitutionMask.unmask(seg), installed: installed})
		}
	}
	for _, seg = range segs {
		args := strings.Fields(seg)
		for len(args) > 0 && strings.Trim(args[0], "$({`") == "" {
			args = args[1:]
		}
		if len(args) > 0 {
			args[0] = strings.TrimLeft(args[0], "$({`")
		}
		for len(args) > 0 {
			prog := programName(args[0])
			if wrappers[prog] {
				args = skipOptions(args[1:])
				continue
			}
			if subs, ok := subWrappers[prog]; ok && len(args) > 2 && subs[args[1]] {
				add(programTechnologies[prog], false)
				rest := skipOptions(args[2:])
				if len(rest) > 0 && rest[0] == "--" {
					rest = rest[1:]
				}
				args = rest
				continue
			}
			break
		}
		if len(args) == 0 || args[0] == "cd" {
			continue
		}
		prog := programName(args[0])
		if strings.HasSuffix(prog, ".sh") && strings.Contains(args[0], "/") {
			add("Bash", false)
			continue
		}
		if len(args) > 1 {
			add(subTechnologies[prog][args[1]], false)
		}
		if prog == "find" || prog == "fd" || prog == "fdfind" {
			// "find . -name '*.py' -exec pyupgrade {} +" and "fd -e py -x
			// ruff check {}" run the program after -exec (-x) on each
			// file found.
			add(programTechnologies[prog], false)
			for k := 1; k+1 < len(args); k++ {
				if findExec[args[k]] {
					add(programTechnologies[programName(args[k+1])], false)
				}
			}
			continue
		}
		if httpClients[prog] {
			for _, a := range args[1:] {
				add(apiOfURL(a), false)
			}
		}
		name, ok := programTechnologies[prog]
		if !ok || jsonFilter(prog, args, seg) || prog == "curl" && serverProbe(args) {
			continue
		}
		add(name, false)
		switch {
		case (prog == "bash" || prog == "sh" || prog == "zsh") && len(args) > 1 && strings.HasSuffix(args[1], ".sh"):
			add("Bash", false)
		case (prog == "python" || prog == "python3") && len(args) > 2 && args[1] == "-m":
			add(programTechnologies[args[2]], false)
		}
		if subs, ok := installers[prog]; ok && len(args) > 1 && subs[args[1]] {
			for _, a := range args[2:] {
				if strings.HasPrefix(a, "-") {
					continue
				}
				add(packageTechnology(a), true)
			}
		}
	}
	for _, sub := range subs {
		for _, r := range commandTechnologies(sub) {
			if !seen[r.name] {
				seen[r.name] = true
				out = append(out, r)
			}
		}
	}
	return out
}

// substitutionMask turns the blanks and separators of a command
// substitution into bytes no command holds, so that it stays one word of
// the command around it, and back for the evidence.
var substitutionMask = maskPair{
	strings.NewReplacer(" ", "\x01", "\t", "\x02", "\n", "\x03", ";", "\x04", "|", "\x05", "&", "\x06"),
	strings.NewReplacer("\x01", " ", "\x02", "\t", "\x03", "\n", "\x04", ";", "\x05", "|", "\x06", "&"),
}

type maskPair struct{ masker, unmasker *strings.Replacer }

func (m maskPair) mask(s string) string   { return m.masker.Replace(s) }
func (m maskPair) unmask(s string) string { return m.unmasker.Replace(s) }

// substitutions takes the command substitutions out of a command as
// unquoted leaves it: "$(…)", "`…`" and "<(…)" outside single quotes run
// their commands ("VERSION=$(git describe) make release", "for f in
// $(fd -e py)", "PROMPT=$(envsubst < t.txt)"). rest is the command with
// each one masked into a single word (substitutionMask), subs their
// commands. An arithmetic "$((…))" runs nothing, and the one eval is
// given sets the shell up ("eval "$(brew shellenv)"", "eval "$(pyenv init
// -)""): the tool only prints its environment.
func substitutions(cmd string) (rest string, subs []string) {
	if !strings.Contains(cmd, "$(") && !strings.Contains(cmd, "`") && !strings.Contains(cmd, "<(") {
		return cmd, nil
	}
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\' && i+1 < len(cmd):
			b.WriteByte(c)
			i++
			c = cmd[i]
		case c == '"':
			if quote == '"' {
				quote = 0
			} else {
				quote = '"'
			}
		case c == '\'' && quote == 0:
			quote = '\''
		case c == '`':
			if end := strings.IndexByte(cmd[i+1:], '`'); end >= 0 {
				subs = append(subs, cmd[i+1:i+1+end])
				b.WriteString(substitutionMask.mask(cmd[i : i+2+end]))
				i += end + 1
				continue
			}
		case (c == '$' || c == '<' && quote == 0) && i+1 < len(cmd) && cmd[i+1] == '(' && (i+2 >= len(cmd) || cmd[i+2] != '('):
			depth, end := 0, len(cmd)
			for j := i + 1; j < len(cmd); j++ {
				if cmd[j] == '(' {
					depth++
				} else if cmd[j] == ')' {
					if depth--; depth == 0 {
						end = j
						break
					}
				}
			}
			if !strings.HasSuffix(strings.TrimRight(b.String(), "\" "), "eval") {
				subs = append(subs, cmd[i+2:end])
			}
			b.WriteString(substitutionMask.mask(cmd[i:min(end+1, len(cmd))]))
			i = end
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), subs
}

// jsonFilter reports a Python one-liner that reads another program's JSON
// output from its standard input ("gh api … | python3 -c \"import json,
// sys; print(json.load(sys.stdin)['state'])\"", "curl … | python3 -m
// json.tool"): the agent reading what a command printed, in a project of
// any language, not work in Python.
func jsonFilter(prog string, args []string, seg string) bool {
	if prog != "python" && prog != "python3" || len(args) < 3 {
		return false
	}
	switch args[1] {
	case "-m":
		return args[2] == "json.tool"
	case "-c":
		return strings.Contains(seg, "sys.stdin") && strings.Contains(seg, "json")
	}
	return false
}

// serverProbe reports a curl command that only asks whether a server
// answers: its output thrown away ("-o /dev/null", "> NUL"), only the
// status code printed ("-w '%{http_code}'"), only the headers asked for
// ("-I"), or a health endpoint asked ("http://localhost:6333/health"). An
// agent checks the server it started that way in a project of any kind;
// curl is no technology of the work for it.
func serverProbe(args []string) bool {
	for i, a := range args {
		switch {
		case a == "--head" || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a, 'I') > 0:
			return true // -I, alone or among short options ("-sI")
		case (a == "-o" || a == "--output" || a == ">" || a == "1>") && i+1 < len(args) && nullDevice(args[i+1]):
			return true
		case strings.HasPrefix(a, ">") && nullDevice(strings.TrimLeft(a, ">")):
			return true
		case strings.Contains(a, "%{http_code}"):
			return true
		case strings.Contains(a, "://") && healthPaths[path.Base(strings.Trim(strings.SplitN(a, "?", 2)[0], "\"'/"))]:
			return true
		}
	}
	return false
}

// healthPaths are the last parts of the paths servers answer health
// checks at.
var healthPaths = set("health", "healthz", "healthcheck", "readyz", "livez", "ping")

func nullDevice(s string) bool {
	s = strings.Trim(s, "\"'")
	return s == "/dev/null" || strings.EqualFold(s, "nul") || strings.EqualFold(s, "$null")
}

// programName is the program a command's first word runs: its base name,
// also of a quoted Windows path, without the suffix Windows runs it by
// ("& "C:\tools\maven\bin\mvn.cmd"" runs mvn).
func programName(arg string) string {
	arg = strings.Trim(arg, `"'`)
	if i := strings.LastIndexByte(arg, '\\'); i >= 0 && i+1 < len(arg) {
		arg = arg[i+1:]
	}
	prog := path.Base(arg)
	for _, ext := range []string{".exe", ".cmd", ".bat"} {
		if base, ok := strings.CutSuffix(prog, ext); ok && base != "" {
			return base
		}
	}
	return prog
}

// skipOptions drops leading options and their numeric values ("timeout
// 30", "xargs -n 1").
func skipOptions(args []string) []string {
	for len(args) > 0 && (strings.HasPrefix(args[0], "-") && args[0] != "--" || isNumber(args[0])) {
		args = args[1:]
	}
	return args
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' && s[i] != 's' && s[i] != 'm' {
			return false
		}
	}
	return s[0] >= '0' && s[0] <= '9'
}

// unquoted makes the quoted parts of a command one word each, with no
// separators in them, and drops the bodies of here-documents: a commit
// message or a jq filter is not a command. The quoted text itself is
// kept, for the evidence a command gives.
func unquoted(cmd string) string {
	var kept, blank strings.Builder // blank has each quoted part as Q
	quote := byte(0)
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote != 0:
			if c == quote && (quote == '\'' || cmd[i-1] != '\\') {
				quote = 0
				blank.WriteByte('Q')
			}
			if strings.IndexByte("\n;|&", c) >= 0 {
				c = ' '
			}
			kept.WriteByte(c)
		case c == '\'' || c == '"':
			quote = c
			kept.WriteByte(c)
		default:
			kept.WriteByte(c)
			blank.WriteByte(c)
		}
	}
	lines, blanks := strings.Split(kept.String(), "\n"), strings.Split(blank.String(), "\n")
	var out []string
	end := ""
	for i, l := range lines {
		if end != "" {
			if strings.TrimSpace(l) == end {
				end = ""
			}
			continue
		}
		out = append(out, l)
		if i >= len(blanks) {
			continue
		}
		if j := strings.Index(blanks[i], "<<"); j >= 0 {
			w := strings.Fields(strings.TrimLeft(blanks[i][j+2:], "-~ ") + " x")[0]
			if w != "" && strings.Trim(w, "Q") == "" {
				w = quotedDelimiter(l)
			}
			if w = strings.Trim(w, "Q'\")"); w != "" && w != "x" && w != "<" {
				end = w
			}
		}
	}
	return strings.Join(out, "\n")
}

// quotedDelimiter is the word of a here-document whose delimiter is
// quoted ("cat <<'EOF'", "<<\"END\""): its body ends at a line of that word.
func quotedDelimiter(line string) string {
	j := strings.Index(line, "<<")
	for j >= 0 {
		rest := strings.TrimLeft(line[j+2:], "-~ ")
		if rest != "" && (rest[0] == '\'' || rest[0] == '"') {
			if end := strings.IndexByte(rest[1:], rest[0]); end > 0 {
				return rest[1 : 1+end]
			}
		}
		next := strings.Index(line[j+2:], "<<")
		if next < 0 {
			break
		}
		j += 2 + next
	}
	return ""
}

// importsOf lists the packages text imports: Go import paths, JavaScript
// and TypeScript module specifiers, Python modules.
func importsOf(text, lang string) []string {
	var out []string
	switch lang {
	case "go":
		in := false
		for l := range strings.SplitSeq(text, "\n") {
			l = strings.TrimSpace(l)
			switch {
			case l == "import (":
				in = true
			case in && l == ")":
				in = false
			case in || strings.HasPrefix(l, "import "):
				if q := strings.IndexByte(l, '"'); q >= 0 {
					if e := strings.IndexByte(l[q+1:], '"'); e > 0 {
						out = append(out, l[q+1:q+1+e])
					}
				}
			}
		}
	case "javascript", "typescript", "jsx", "tsx", "vue", "svelte":
		for l := range strings.SplitSeq(text, "\n") {
			l = strings.TrimSpace(l)
			if !strings.HasPrefix(l, "import ") && !strings.Contains(l, "require(") && !strings.HasPrefix(l, "export ") {
				continue
			}
			for _, q := range []string{"'", "\""} {
				i := strings.LastIndex(l, q)
				if i <= 0 {
					continue
				}
				j := strings.LastIndex(l[:i], q)
				if j >= 0 && !strings.HasPrefix(l[j+1:i], ".") && !strings.HasPrefix(l[j+1:i], "/") {
					out = append(out, l[j+1:i])
				}
				break
			}
		}
	case "python":
		for l := range strings.SplitSeq(text, "\n") {
			f := strings.Fields(l)
			if len(f) >= 2 && (f[0] == "import" || f[0] == "from") && !strings.HasPrefix(f[1], ".") {
				out = append(out, strings.TrimSuffix(f[1], ","))
			}
		}
	}
	return out
}

// pythonModules name the technology a Python module imported by that name
// is, where it differs from what the name says elsewhere: "import git" is
// GitPython (brew install git is Git), and the standard library's json,
// csv and html read and write those formats in any Python program, which
// makes none of them a technology of the work.
var pythonModules = map[string]string{"git": "GitPython", "json": "", "csv": "", "html": ""}

// importTechnology names the technology that code in language lang
// importing imp uses, or "".
func importTechnology(imp, lang string) string {
	if scheme, _, ok := strings.Cut(imp, ":"); ok && runtimeSchemes[scheme] != "" && lang != "python" && lang != "go" {
		return runtimeSchemes[scheme]
	}
	if lang == "python" {
		first, _, _ := strings.Cut(imp, ".")
		if t, ok := pythonModules[first]; ok {
			return t
		}
	}
	return packageTechnology(imp)
}

// runtimeSchemes are the schemes of the specifiers a JavaScript runtime
// gives its own modules: code that imports "node:fs" or "bun:sqlite" runs
// on that runtime.
var runtimeSchemes = map[string]string{"node": "Node.js", "bun": "Bun"}

// packageTechnology names the technology a package or import path is, or
// "": the path's last element without a version ("github.com/labstack/
// echo/v4" is echo; "@sveltejs/kit" is kit, "react-dom/client" is
// react-dom), looked up among known technologies and libraries.
func packageTechnology(p string) string {
	p = strings.TrimSpace(p)
	if p == "" {
		return ""
	}
	if i := strings.IndexAny(p, "@=<>~^"); i > 0 {
		p = p[:i] // a version ("react@18", "pandas==2.1")
	}
	lower := strings.ToLower(p)
	if t, ok := libraryTechnologies[lower]; ok {
		return t
	}
	parts := strings.Split(lower, "/")
	if strings.Contains(parts[0], ".") && len(parts) >= 3 { // a Go module path
		parts = parts[:3]
		if t, ok := libraryTechnologies[strings.Join(parts, "/")]; ok {
			return t
		}
		last := parts[2]
		if t, ok := libraryTechnologies[last]; ok {
			return t
		}
		// A module named for the product it is the Go client of
		// ("kafka-go", "go-redis").
		return productOfPackage(last)
	}
	first := parts[0]
	if strings.HasPrefix(first, "@") && len(parts) > 1 {
		first = parts[0] + "/" + parts[1]
	}
	first = strings.Split(first, ".")[0] // a Python module's package
	if t, ok := libraryTechnologies[first]; ok {
		return t
	}
	if t := technologies[first]; t != "" {
		return t
	}
	// A scoped package belongs to the project of its scope ("@fastify/cors"
	// is Fastify's, "@astrojs/starlight" Astro's), a client or SDK package
	// to the product it is the client of ("qdrant-client", "stripe-python").
	if scope, ok := strings.CutPrefix(parts[0], "@"); ok && len(parts) > 1 {
		return productOfPackage(scope)
	}
	return productOfPackage(first)
}

// packageAffixes are the words a client's or SDK's package name adds to the
// product's name.
var packageAffixes = []string{"-client", "_client", "-sdk", "_sdk", "-python", "-py", "-js", "-node", "-go", "js", "-ai", "ai"}

// productOfPackage names the known technology whose name a package's name
// holds beside one of packageAffixes, or "".
func productOfPackage(name string) string {
	known := func(n string) string {
		if t := libraryTechnologies[n]; t != "" {
			return t
		}
		return technologies[n]
	}
	if t := known(name); t != "" {
		return t
	}
	// A tool is installed by its program's name ("pip install ruff",
	// "brew install gh", "cargo install ripgrep").
	if t := toolNames[name]; t != "" && !commonWordTools[name] {
		return t
	}
	for _, a := range packageAffixes {
		if base, ok := strings.CutSuffix(name, a); ok && len(base) >= 3 {
			if t := known(base); t != "" {
				return t
			}
		}
	}
	for _, a := range []string{"python-", "py-", "node-", "go-"} {
		if base, ok := strings.CutPrefix(name, a); ok && len(base) >= 3 {
			if t := known(base); t != "" {
				return t
			}
		}
	}
	// A plugin or an extension is named for what it plugs into
	// ("elysia-protobuf", "vue-router", "pytest-asyncio"); a package
	// named for a format or a system only handles it ("json-schema").
	// A Python distribution's module joins the words with "_"
	// ("langchain_openai").
	if host, _, ok := strings.Cut(strings.ReplaceAll(name, "_", "-"), "-"); ok && len(host) >= 3 {
		t := known(host)
		if t == "" && !commonWordTools[host] {
			t = toolNames[host]
		}
		if t != "" && !formatTechnologies[t] && !operatingSystems[t] {
			return t
		}
	}
	return ""
}

// libraryTechnologies are libraries and frameworks known by their package
// or import path.
var libraryTechnologies = map[string]string{
	"github.com/labstack/echo": "Echo", "github.com/gin-gonic/gin": "Gin", "github.com/go-chi/chi": "chi",
	"github.com/gofiber/fiber": "Fiber", "github.com/spf13/cobra": "Cobra", "github.com/spf13/viper": "Viper",
	"github.com/uptrace/bun": "Bun ORM", "gorm.io/gorm": "GORM", "github.com/jackc/pgx": "pgx",
	"github.com/go-git/go-git": "go-git", "github.com/a-h/templ": "templ", "github.com/chromedp/chromedp": "chromedp",
	"github.com/stretchr/testify": "testify", "github.com/charmbracelet/bubbletea": "Bubble Tea",
	"github.com/charmbracelet/lipgloss": "Lip Gloss", "github.com/mattn/go-sqlite3": "SQLite",
	"modernc.org/sqlite": "SQLite", "github.com/redis/go-redis": "Redis", "google.golang.org/grpc": "gRPC",
	"google.golang.org/protobuf": "Protocol Buffers", "go.opentelemetry.io/otel": "OpenTelemetry",
	"github.com/prometheus/client_golang": "Prometheus",
	"react":                               "React", "react-dom": "React", "vue": "Vue", "svelte": "Svelte", "@sveltejs/kit": "SvelteKit",
	"next": "Next.js", "express": "Express", "fastify": "Fastify", "hono": "Hono", "zod": "Zod",
	"prisma": "Prisma", "@prisma/client": "Prisma", "drizzle-orm": "Drizzle", "axios": "axios",
	"lodash": "Lodash", "electron": "Electron", "vitest": "Vitest", "jest": "Jest", "@playwright/test": "Playwright",
	"tailwindcss": "Tailwind CSS", "three": "three.js", "d3": "D3", "rxjs": "RxJS", "redux": "Redux",
	"@tanstack/react-query": "TanStack Query", "flask": "Flask", "django": "Django", "fastapi": "FastAPI",
	"pydantic": "Pydantic", "sqlalchemy": "SQLAlchemy", "requests": "Requests", "httpx": "HTTPX",
	"numpy": "NumPy", "pandas": "pandas", "torch": "PyTorch", "tensorflow": "TensorFlow", "sklearn": "scikit-learn",
	"scikit-learn": "scikit-learn", "matplotlib": "Matplotlib", "pytest": "pytest", "click": "Click",
	"typer": "Typer", "openai": "OpenAI", "anthropic": "Anthropic", "langchain": "LangChain",
	"boto3": "AWS SDK", "celery": "Celery", "redis": "Redis", "psycopg": "PostgreSQL", "psycopg2": "PostgreSQL",
	"sqlite3": "SQLite", "yaml": "PyYAML", "pyyaml": "PyYAML", "streamlit": "Streamlit", "polars": "Polars",
	"jquery": "jQuery", "htmx.org": "htmx", "mermaid": "Mermaid", "fire": "Fire", "rich": "Rich",
	"cv2": "OpenCV", "opencv-python": "OpenCV", "opencv-python-headless": "OpenCV", "scipy": "SciPy",
	"bs4": "BeautifulSoup", "beautifulsoup4": "BeautifulSoup", "playwright": "Playwright", "loguru": "Loguru",
	"numba": "Numba", "litellm": "LiteLLM", "bcrypt": "bcrypt", "bcryptjs": "bcryptjs", "pg": "PostgreSQL",
	"commander": "Commander.js", "typeorm": "TypeORM", "@nestjs/core": "NestJS", "@nestjs/common": "NestJS",
	"diskcache": "diskcache", "joblib": "joblib", "arelle": "Arelle",
	"selenium": "Selenium", "aiohttp": "aiohttp", "jinja2": "Jinja", "astro": "Astro",
	"@anthropic-ai/sdk": "Anthropic", "@google/genai": "Gemini", "@google/generative-ai": "Gemini",
	"google-genai": "Gemini", "google-generativeai": "Gemini", "@modelcontextprotocol/sdk": "MCP",
	"@mui/material": "Material UI", "@chakra-ui/react": "Chakra UI", "better-sqlite3": "SQLite",
	"ioredis": "Redis", "mysql2": "MySQL", "firebase-admin": "Firebase", "llama_index": "LlamaIndex",
	"llama-index": "LlamaIndex", "postcss": "PostCSS", "gitpython": "GitPython",
	// Nix flakes' inputs and Rust's crates, by the names manifests give.
	"flake-parts": "flake-parts", "flake-utils": "flake-utils", "home-manager": "Home Manager",
	"nix-darwin": "nix-darwin", "iced": "iced", "clap": "clap", "reqwest": "reqwest", "tokio": "Tokio",
	"rusqlite": "SQLite", "sqlx": "SQLx", "diesel": "Diesel", "tauri": "Tauri",
	// Further well-known packages whose import or package name differs
	// from the technology's, by ecosystem.
	// Go modules.
	"github.com/urfave/cli": "urfave/cli", "go.uber.org/zap": "zap", "github.com/rs/zerolog": "zerolog",
	"github.com/sirupsen/logrus": "Logrus", "github.com/gorilla/mux": "Gorilla Mux",
	"github.com/gorilla/websocket": "WebSocket", "entgo.io/ent": "ent", "github.com/golang-migrate/migrate": "golang-migrate",
	"github.com/charmbracelet/bubbles": "Bubble Tea", "github.com/charmbracelet/huh": "Huh",
	"github.com/google/go-github": "GitHub API", "github.com/aws/aws-sdk-go-v2": "AWS SDK", "github.com/aws/aws-sdk-go": "AWS SDK",
	"k8s.io/client-go": "Kubernetes", "sigs.k8s.io/controller-runtime": "Kubernetes", "github.com/nats-io/nats.go": "NATS",
	"github.com/segmentio/kafka-go": "Kafka", "github.com/jmoiron/sqlx": "sqlx", "github.com/lib/pq": "PostgreSQL",
	"github.com/go-sql-driver/mysql": "MySQL", "go.mongodb.org/mongo-driver": "MongoDB", "github.com/spf13/pflag": "pflag",
	"github.com/alecthomas/kong":             "Kong",
	"github.com/modelcontextprotocol/go-sdk": "MCP", "github.com/mark3labs/mcp-go": "MCP",
	// Python modules and distributions.
	"pil": "Pillow", "pillow": "Pillow", "lxml": "lxml", "asyncpg": "PostgreSQL", "aiosqlite": "SQLite",
	"pymysql": "MySQL", "mysqlclient": "MySQL", "pymongo": "MongoDB", "motor": "MongoDB", "botocore": "AWS SDK",
	"torchvision": "PyTorch", "torchaudio": "PyTorch", "lightning": "PyTorch Lightning",
	"pytorch_lightning": "PyTorch Lightning", "transformers": "Transformers", "sentence_transformers": "sentence-transformers",
	"sentence-transformers": "sentence-transformers", "statsmodels": "statsmodels",
	"openpyxl": "openpyxl", "pypdf": "pypdf", "pypdf2": "pypdf", "fitz": "PyMuPDF", "pymupdf": "PyMuPDF",
	"reportlab": "ReportLab", "marshmallow": "marshmallow", "structlog": "structlog", "textual": "Textual",
	"prompt_toolkit": "prompt_toolkit", "prompt-toolkit": "prompt_toolkit", "tkinter": "Tkinter", "wx": "wxPython",
	"pyqt5": "PyQt", "pyqt6": "PyQt", "pyside2": "PySide", "pyside6": "PySide", "dash": "Dash", "bottle": "Bottle",
	"tornado": "Tornado", "sanic": "Sanic", "hypothesis": "Hypothesis", "ray": "Ray", "airflow": "Apache Airflow",
	"prefect": "Prefect", "temporalio": "Temporal", "groq": "Groq", "mistralai": "Mistral", "cohere": "Cohere",
	"replicate": "Replicate", "whisper": "Whisper", "openai-whisper": "Whisper", "faster_whisper": "Whisper",
	"faster-whisper": "Whisper", "instructor": "Instructor", "pydantic_ai": "Pydantic AI", "pydantic-ai": "Pydantic AI",
	"google.generativeai": "Gemini", "google.genai": "Gemini", "haystack": "Haystack", "dspy": "DSPy",
	"bokeh": "Bokeh", "altair": "Altair", "gensim": "Gensim", "xarray": "xarray", "shapely": "Shapely",
	// npm packages.
	"chart.js": "Chart.js", "react-chartjs-2": "Chart.js", "mapbox-gl": "Mapbox", "leaflet": "Leaflet",
	"react-leaflet": "Leaflet", "jsonwebtoken": "JWT", "passport": "Passport.js", "nodemailer": "Nodemailer",
	"cheerio": "Cheerio", "sharp": "sharp", "winston": "winston", "pino": "pino", "moment": "Moment.js",
	"dayjs": "Day.js", "date-fns": "date-fns", "yup": "Yup", "joi": "Joi", "immer": "Immer", "swr": "SWR",
	"react-router": "React Router", "react-router-dom": "React Router", "@remix-run/react": "Remix",
	"styled-components": "styled-components", "@emotion/react": "Emotion", "@emotion/styled": "Emotion",
	"framer-motion": "Framer Motion", "radix-ui": "Radix UI", "headlessui": "Headless UI", "reduxjs": "Redux",
	"solid-js": "SolidJS", "lit": "Lit", "preact": "Preact", "pixi.js": "PixiJS", "tauri-apps": "Tauri",
	"capacitor": "Capacitor", "react-native": "React Native", "expo": "Expo", "react-navigation": "React Navigation",
	"vitejs": "Vite", "babel": "Babel", "testing-library": "Testing Library", "msw": "MSW", "nock": "nock",
	"chai": "Chai", "karma": "Karma", "enzyme": "Enzyme", "@angular/core": "Angular", "ws": "WebSocket",
	"@supabase/supabase-js": "Supabase",
	"stripe":                "Stripe", "@ai-sdk/openai": "Vercel AI SDK", "@ai-sdk/anthropic": "Vercel AI SDK",
	"langchain-core": "LangChain", "@langchain/core": "LangChain", "electron-builder": "electron-builder",
	"@electron/forge": "Electron Forge", "playwright-core": "Playwright", "pg-promise": "PostgreSQL",
	"mongodb": "MongoDB", "mysql": "MySQL", "sqlite": "SQLite", "drizzle-kit": "Drizzle", "ioredis-mock": "Redis",
	"bullmq": "BullMQ", "socket.io-client": "Socket.IO", "graphql-request": "GraphQL", "@apollo/client": "Apollo",
	"@trpc/server": "tRPC", "@trpc/client": "tRPC", "@clerk/nextjs": "Clerk", "next-auth": "NextAuth.js",
	"better-auth": "Better Auth", "@auth/core": "Auth.js", "convex": "Convex", "firebase-functions": "Firebase",
	// Rust crates.
	"axum": "Axum", "actix-web": "Actix", "rocket": "Rocket", "warp": "warp", "hyper": "hyper",
	"tracing": "tracing", "sea-orm": "SeaORM", "ratatui": "Ratatui", "crossterm": "crossterm",
	"wasm-bindgen": "WebAssembly", "pyo3": "PyO3", "napi": "N-API", "tonic": "tonic", "prost": "Protocol Buffers",
}

// workflowActions lists the actions a GitHub Actions workflow uses
// ("uses: owner/name@ref"), beyond GitHub's own actions/*.
func workflowActions(text string) []string {
	var out []string
	for l := range strings.SplitSeq(text, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- "))
		ref, ok := strings.CutPrefix(l, "uses:")
		if !ok {
			continue
		}
		ref = strings.Trim(strings.TrimSpace(ref), "'\"")
		name, _, _ := strings.Cut(ref, "@")
		parts := strings.Split(name, "/")
		if len(parts) < 2 || parts[0] == "actions" || parts[0] == "." || parts[0] == "github" {
			continue
		}
		out = append(out, parts[0]+"/"+parts[1])
	}
	return out
}

// attachedFiles lists the files of a language a steward's prompt attaches
// with "@" ("look at @src/config/types.go"): the agent reads them.
func attachedFiles(prose string) []string {
	var out []string
	for w := range strings.FieldsSeq(truncate(prose, maxScanText)) {
		f, ok := strings.CutPrefix(strings.TrimRight(w, ".,;:!?)\"'`"), "@")
		if !ok || !strings.ContainsAny(f, "./") || languageTechnology[languageOfPath(f)] == "" {
			continue
		}
		out = appendUniqueFold(out, f, 8)
	}
	return out
}

// stewardNamed adds the technologies the steward names as theirs in a
// message (namedAsTheirs).
// words is stewardWords of the message's prose.
func stewardNamed(v *view, words string, te *techEvidence) {
	for _, e := range v.sem.Entities {
		if e.Type != EntityTechnology || dataFormats[e.Text] {
			continue
		}
		sent, at := sentenceWith(words, e.Text)
		if at < 0 || valueListing(sent) {
			continue
		}
		// "uv pip install" is uv's own installer, not pip.
		if before := strings.Fields(strings.ToLower(sent)[:at]); len(before) > 0 && installers[strings.Trim(before[len(before)-1], "`'\"")][strings.ToLower(e.Text)] {
			continue
		}
		if namedAsTheirs(sent, e.Text, at) {
			te.add(e.Text, evidenceNamed, "named by the steward: “"+excerpt(sent, 90)+"”")
		}
	}
}

// dataFormats are the formats a steward names for the shape of some data
// ("emit the results as json", "download the CSV", "an HTML export"),
// not for a technology of their stack: a file of one the session writes
// or edits still shows it.
var dataFormats = set("JSON", "CSV", "HTML")

// operatingSystems are named for where the work runs ("CI on macOS", "a
// fresh Ubuntu"), not as a technology the session works with: they count
// only with evidence of use.
var operatingSystems = set("macOS", "Ubuntu", "Debian", "Linux", "Windows", "Fedora", "CentOS", "iOS", "Android")

// Cues before or after a technology's name that make it something other
// than the steward's own: an example of something else ("LLMs like
// Claude"), an option weighed against another ("Kafka or NATS", "instead
// of Redis", "Bun vs Node"), something they do without ("without
// Docker", "not Python"). The name before "instead of" or "rather than"
// is the one chosen ("use Bun instead of Node"): only the name after the
// cue is not theirs.
var (
	notTheirsBefore = []string{" like", " such as", " e.g.", " e.g.,", " for example", " for instance", " or", " vs",
		" vs.", " versus", " instead of", " rather than", " than", " between", " not", " no", " without", " nor"}
	notTheirsAfter = []string{"or ", "vs ", "vs. ", "versus "}
)

// namedAsTheirs reports whether the steward's sentence, which names
// technology name at byte at (lower case), names it as something of
// theirs: not an operating system, not asked about ("what does
// Nix do?", "is Vercel free?"; a request in a question's form, "can you
// run it with pytest?", names it as theirs), and without a cue that makes
// it an example, an alternative or something they do without.
func namedAsTheirs(sentence, name string, at int) bool {
	lower := strings.ToLower(sentence)
	if operatingSystems[name] || askedAbout(lower) {
		return false
	}
	if insideQuotation(lower, at) || weighsOptions(lower) {
		return false
	}
	cased := sentence
	if len(cased) != len(lower) {
		cased = lower // lower-casing moved the bytes: the case is not known
	}
	if foreignWordAt(cased, at) {
		return false // "point de vue", "mise à jour"
	}
	before := " " + strings.TrimRight(lower[:at], " \"'`(")
	rest := lower[at:]
	if end := strings.IndexAny(rest, " ,;:)\"'`"); end >= 0 {
		rest = rest[end:]
	} else {
		rest = ""
	}
	after := strings.TrimLeft(rest, " \"'`),") + " "
	for _, cue := range notTheirsBefore {
		if strings.HasSuffix(before, cue) {
			return false
		}
	}
	for _, cue := range notTheirsAfter {
		if strings.HasPrefix(after, cue) {
			return false
		}
	}
	return true
}

// comparingWords are the words of a sentence that weighs technologies
// against each other ("compare Redis and Memcached", "I'm evaluating
// Bun"): the names it holds are options, not what the steward uses.
var comparingWords = set("compare", "compares", "compared", "comparing", "comparison", "comparisons", "evaluate",
	"evaluates", "evaluated", "evaluating", "evaluation", "tradeoffs", "trade-offs")

// weighsOptions reports a sentence (lower case) that compares or
// evaluates what it names (comparingWords).
func weighsOptions(lower string) bool {
	if strings.Contains(lower, "`") {
		// Code is not the sentence's words: a command or a value
		// named "evaluate" ("make `evaluate` the default command").
		lower = codeSpan.ReplaceAllString(lower, " ")
	}
	for w := range strings.FieldsSeq(lower) {
		if comparingWords[strings.Trim(w, ".,;:!?()\"'*")] {
			return true
		}
	}
	return false
}

// minQuotedWords is the fewest words of a quotation that make it text
// quoted (a label on the page, a message, a title) rather than a name put
// in quotes ("the 'uv' way").
const minQuotedWords = 3

// insideQuotation reports whether byte at of s stands inside a quotation
// of minQuotedWords words or more: "the button says 'Upload one Excel
// file'" quotes the page's words, which name nothing the steward uses. An
// apostrophe inside a word ("don't", "users'") opens and closes nothing.
func insideQuotation(s string, at int) bool {
	for _, q := range []string{"'", "\"", "“", "‘"} {
		closer := map[string]string{"“": "”", "‘": "’"}[q]
		if closer == "" {
			closer = q
		}
		open := strings.LastIndex(s[:at], q)
		if open < 0 || open > 0 && isWordByte(s[open-1]) {
			continue
		}
		end := strings.Index(s[at:], closer)
		if end < 0 {
			continue
		}
		end += at
		if q == "'" && end+1 < len(s) && isWordByte(s[end+1]) {
			continue // an apostrophe ("Redis's"), not the quotation's end
		}
		if q == "\"" && strings.Count(s[:open], q)%2 == 1 {
			continue // the closing mark of an earlier quotation
		}
		if len(strings.Fields(s[open+len(q):end])) >= minQuotedWords {
			return true
		}
	}
	return false
}

// askedAbout reports a sentence (lower case) that asks a question rather
// than for work: it ends in "?" or opens with a question word, and has no
// request opener ("can you", "please", "let's").
func askedAbout(lower string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(lower), " ")
	return (strings.HasSuffix(strings.TrimSpace(lower), "?") || questionOpeners[first]) && openerAt(lower) < 0
}

// sentenceWith returns the sentence of prose that names the technology
// name, in any of its written forms, and where in it (lower case) the
// name stands; or "" and -1 when prose does not name it (only code or
// pasted output did).
func sentenceWith(prose, name string) (string, int) {
	forms := technologyForms[name]
	if len(forms) == 0 {
		forms = []string{strings.ToLower(name)}
	}
	for _, s := range sentences(prose) {
		lower := strings.ToLower(s)
		for _, f := range forms {
			if i := wordIndex(lower, f); i >= 0 {
				return s, i
			}
		}
	}
	return "", -1
}

// wordIndex is where f first stands in s as a word of its own, not inside
// another ("npm" in "pnpm"), or -1.
func wordIndex(s, f string) int {
	for from := 0; from < len(s); {
		i := strings.Index(s[from:], f)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(f)
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end])) {
			return i
		}
		from = i + 1
	}
	return -1
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// technologyForms lists, per technology, the lower-case words and phrases
// that name it ("postgres" and "postgresql" are PostgreSQL).
var technologyForms = func() map[string][]string {
	m := map[string][]string{}
	add := func(form, name string) { m[name] = append(m[name], strings.ToLower(form)) }
	for form, name := range technologies {
		add(form, name)
	}
	for form, name := range caseTechnologies {
		add(form, name)
	}
	for form, name := range techPhrases {
		add(form, name)
	}
	for form, tc := range toolCommands {
		add(form, tc.name)
	}
	for name, forms := range m {
		// The longest first ("postgresql" stands where "postgres" does),
		// in a fixed order.
		sortStable(forms, func(a, b string) bool { return len(a) > len(b) || len(a) == len(b) && a < b })
		m[name] = forms
	}
	return m
}()

// notRun reports whether the failed command c never ran its program
// ("command not found"): a command that ran and failed (a linter finding
// errors, a test failing) still shows its program in use.
func notRun(vs []view, c *call) bool {
	if c.result < 0 {
		return true
	}
	out := strings.ToLower(truncate(vs[c.result].m.Content, 2000))
	return strings.Contains(out, "command not found") || strings.Contains(out, "not recognized as") ||
		strings.Contains(out, "no such file or directory") || strings.Contains(out, "permission denied") ||
		strings.Contains(out, "user rejected") || strings.Contains(out, "user doesn't want")
}

// searchReplaceEdits lists the edits an assistant message makes with
// SEARCH/REPLACE blocks (as aider writes them: the path on the line before
// "<<<<<<< SEARCH", inside or before a code fence, "```" or aider's
// "<source>"), one per file: what the REPLACE side adds is written (the
// packages it imports are used), and the SEARCH lines it keeps are the
// file's own (so are the packages they import).
func searchReplaceEdits(content string) []techAction {
	var out []techAction
	lines := strings.Split(truncate(content, maxScanText), "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "<<<<<<< SEARCH") {
			continue
		}
		f := ""
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			p := strings.TrimSpace(lines[j])
			if strings.HasPrefix(p, "```") || strings.HasPrefix(p, "<source>") {
				continue
			}
			if p != "" && !strings.ContainsAny(p, " \t") && (strings.Contains(p, ".") || strings.Contains(p, "/")) {
				f = p
			}
			break
		}
		sep, end := -1, len(lines)
		for k := i + 1; k < len(lines); k++ {
			if sep < 0 && strings.HasPrefix(lines[k], "=======") {
				sep = k
			} else if sep >= 0 && strings.HasPrefix(lines[k], ">>>>>>> REPLACE") {
				end = k
				break
			}
		}
		var search, replace string
		if sep >= 0 {
			search, replace = strings.Join(lines[i+1:sep], "\n"), strings.Join(lines[sep+1:end], "\n")
			i = end
		}
		if f == "" {
			continue
		}
		k := slices.IndexFunc(out, func(a techAction) bool { return strings.EqualFold(a.file, f) })
		if k < 0 {
			if len(out) == 50 {
				continue
			}
			out = append(out, techAction{op: "edit", file: f})
			k = len(out) - 1
		}
		if added := addedLines(search, replace); strings.TrimSpace(added) != "" {
			out[k].written = append(out[k].written, added)
		}
		if kept := keptLines(search, replace); kept != "" {
			out[k].kept = append(out[k].kept, kept)
		}
	}
	return out
}

// keptLines returns the lines of old that new keeps.
func keptLines(old, new string) string {
	if old == "" || new == "" {
		return ""
	}
	have := map[string]bool{}
	for l := range strings.SplitSeq(new, "\n") {
		have[strings.TrimSpace(l)] = true
	}
	var b strings.Builder
	for l := range strings.SplitSeq(old, "\n") {
		if have[strings.TrimSpace(l)] {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// agentStateDirs hold the files an agent keeps for itself outside the
// project: Cursor's and Claude Code's plans, Claude Code's todos, Copilot
// CLI's session state. Writing its plan there is no work in Markdown.
var agentStateDirs = []string{"/.cursor/plans/", "/.claude/plans/", "/.claude/todos/", "/.copilot/session-state/"}

// agentStateFile reports a file in one of agentStateDirs.
func agentStateFile(f string) bool {
	f = strings.ReplaceAll(f, "\\", "/")
	for _, d := range agentStateDirs {
		if strings.Contains(f, d) {
			return true
		}
	}
	return false
}
