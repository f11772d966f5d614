package analysis

import (
	"path"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Entity types.
const (
	EntityFile       = "file"
	EntityURL        = "url"
	EntitySymbol     = "symbol"
	EntityTechnology = "technology"
)

// maxEntities caps the entities kept per message.
const maxEntities = 24

// technologies maps a lower-case word to the technology it names. Words
// that are also common English ("go", "react", "swift", "rails") are in
// caseTechnologies instead and count only as written there.
var technologies = map[string]string{
	"golang": "Go", "python": "Python", "python3": "Python", "javascript": "JavaScript", "js": "JavaScript",
	"typescript": "TypeScript", "node.js": "Node.js", "nodejs": "Node.js", "npm": "npm", "pnpm": "pnpm",
	"yarn": "Yarn", "deno": "Deno", "rust": "Rust", "cargo.toml": "Cargo", "java": "Java", "kotlin": "Kotlin",
	"scala": "Scala", "ruby": "Ruby", "php": "PHP", "elixir": "Elixir", "haskell": "Haskell", "zig": "Zig",
	"lua": "Lua", "perl": "Perl", "bash": "Bash", "zsh": "Zsh", "c++": "C++", "c#": "C#",
	"postgresql": "PostgreSQL", "postgres": "PostgreSQL", "psql": "PostgreSQL", "pgx": "pgx",
	"sqlite": "SQLite", "sqlite3": "SQLite", "fts5": "SQLite", "mysql": "MySQL", "mariadb": "MariaDB",
	"redis": "Redis", "mongodb": "MongoDB", "mongo": "MongoDB", "elasticsearch": "Elasticsearch",
	"opensearch": "OpenSearch", "clickhouse": "ClickHouse", "dynamodb": "DynamoDB", "cassandra": "Cassandra",
	"supabase": "Supabase", "firebase": "Firebase", "sql": "SQL", "graphql": "GraphQL", "grpc": "gRPC",
	"protobuf": "Protocol Buffers", "docker": "Docker", "dockerfile": "Docker", "docker-compose": "Docker",
	"containerfile": "Podman", "makefile": "Make",
	"podman": "Podman", "kubernetes": "Kubernetes", "k8s": "Kubernetes", "kubectl": "Kubernetes",
	"helm": "Helm", "terraform": "Terraform", "ansible": "Ansible", "aws": "AWS", "gcp": "Google Cloud",
	"azure": "Azure", "nginx": "nginx", "caddy": "Caddy", "linux": "Linux", "macos": "macOS",
	"ubuntu": "Ubuntu", "debian": "Debian", "git": "Git", "github": "GitHub", "gitlab": "GitLab",
	"vue": "Vue", "vue.js": "Vue", "svelte": "Svelte", "sveltekit": "SvelteKit", "angular": "Angular",
	"next.js": "Next.js", "nextjs": "Next.js", "nuxt": "Nuxt", "tailwind": "Tailwind CSS",
	"tailwindcss": "Tailwind CSS", "css": "CSS", "html": "HTML", "htmx": "htmx", "alpine.js": "Alpine.js",
	"jquery": "jQuery", "webpack": "webpack", "vite": "Vite", "esbuild": "esbuild", "templ": "templ",
	"gorm": "GORM", "django": "Django", "fastapi": "FastAPI", "laravel": "Laravel", "express.js": "Express",
	"pytest": "pytest", "vitest": "Vitest", "playwright": "Playwright", "cypress": "Cypress",
	"selenium": "Selenium", "junit": "JUnit", "kafka": "Kafka", "rabbitmq": "RabbitMQ", "nats": "NATS",
	"openai": "OpenAI", "chatgpt": "ChatGPT", "oauth": "OAuth", "oauth2": "OAuth",
	"oidc": "OpenID Connect", "jwt": "JWT", "websocket": "WebSocket", "websockets": "WebSocket",
	"json": "JSON", "yaml": "YAML", "toml": "TOML", "markdown": "Markdown", "prometheus": "Prometheus",
	"grafana": "Grafana", "opentelemetry": "OpenTelemetry", "wasm": "WebAssembly",
	"webassembly": "WebAssembly", "numpy": "NumPy", "pandas": "pandas", "pytorch": "PyTorch",
	"tensorflow": "TensorFlow", "vader": "VADER", "chromedp": "chromedp", "goquery": "goquery",
	"reactjs": "React", "react.js": "React", "react-dom": "React", "tokio": "Tokio", "systemd": "systemd",
	"minikube": "minikube", "pglogical": "pglogical", "pagerduty": "PagerDuty", "golangci-lint": "golangci-lint",
	"pyyaml": "PyYAML", "saml": "SAML", "csv": "CSV", "pipenv": "Pipenv",
	"mermaid": "Mermaid",
	// Services that review, scan or update a repository's pull requests.
	"coderabbit": "CodeRabbit", "dependabot": "Dependabot", "codecov": "Codecov",
	"sonarqube": "SonarQube", "sonarcloud": "SonarCloud", "snyk": "Snyk",
	// Widely known names by kind, general knowledge rather than any one
	// session's: a name Baton has no entry for is never found, however
	// plainly the steward names it as theirs.
	// Databases, vector stores and search.
	"qdrant": "Qdrant", "pinecone": "Pinecone", "weaviate": "Weaviate", "milvus": "Milvus", "chromadb": "Chroma",
	"pgvector": "pgvector", "faiss": "FAISS", "lancedb": "LanceDB", "neo4j": "Neo4j", "duckdb": "DuckDB",
	"bigquery": "BigQuery", "cockroachdb": "CockroachDB", "influxdb": "InfluxDB", "timescaledb": "TimescaleDB",
	"couchdb": "CouchDB", "memcached": "Memcached", "etcd": "etcd", "minio": "MinIO", "firestore": "Firestore",
	"planetscale": "PlanetScale", "surrealdb": "SurrealDB", "valkey": "Valkey", "mem0": "mem0",
	"meilisearch": "Meilisearch", "typesense": "Typesense", "kibana": "Kibana", "logstash": "Logstash",
	// Cloud platforms and hosted services.
	"vercel": "Vercel", "netlify": "Netlify", "cloudflare": "Cloudflare", "heroku": "Heroku",
	"digitalocean": "DigitalOcean", "fly.io": "Fly.io", "cloudwatch": "CloudWatch", "cloudformation": "CloudFormation",
	"ec2": "Amazon EC2", "s3": "Amazon S3", "sqs": "Amazon SQS", "twilio": "Twilio", "sendgrid": "SendGrid",
	"auth0": "Auth0", "okta": "Okta", "datadog": "Datadog", "circleci": "CircleCI",
	"argocd": "Argo CD", "pulumi": "Pulumi", "traefik": "Traefik", "haproxy": "HAProxy",
	"jira": "Jira", "figma": "Figma", "ipfs": "IPFS", "wsl": "WSL",
	// AI models, APIs and their tooling.
	"mcp": "MCP", "openrouter": "OpenRouter", "ollama": "Ollama",
	"huggingface": "Hugging Face", "langchain": "LangChain", "langgraph": "LangGraph", "llamaindex": "LlamaIndex",
	"crewai": "CrewAI", "deepseek": "DeepSeek", "mlflow": "MLflow", "wandb": "Weights & Biases",
	"jupyter": "Jupyter", "colab": "Google Colab", "gradio": "Gradio", "streamlit": "Streamlit", "keras": "Keras",
	"xgboost": "XGBoost", "lightgbm": "LightGBM", "opencv": "OpenCV", "spacy": "spaCy", "nltk": "NLTK",
	"onnx": "ONNX", "cuda": "CUDA", "scikit-learn": "scikit-learn", "sklearn": "scikit-learn", "scipy": "SciPy",
	"matplotlib": "Matplotlib", "seaborn": "seaborn", "plotly": "Plotly",
	// Web and mobile frameworks, UI libraries, ORMs.
	"nestjs": "NestJS", "nest.js": "NestJS", "fastify": "Fastify", "hono": "Hono", "koa": "Koa",
	"solidjs": "SolidJS", "nativewind": "NativeWind", "shadcn": "shadcn/ui", "mui": "Material UI",
	"storybook": "Storybook", "tauri": "Tauri", "trpc": "tRPC", "prisma": "Prisma", "sequelize": "Sequelize",
	"mongoose": "Mongoose", "typeorm": "TypeORM", "zod": "Zod", "zustand": "Zustand", "tanstack": "TanStack",
	"three.js": "three.js", "threejs": "three.js", "socket.io": "Socket.IO", "sass": "Sass",
	"pydantic": "Pydantic", "sqlalchemy": "SQLAlchemy", "alembic": "Alembic", "uvicorn": "Uvicorn",
	"gunicorn": "Gunicorn", "pyinstaller": "PyInstaller", "setuptools": "setuptools", "hatchling": "Hatchling",
	"axum": "Axum", "actix": "Actix", "serde": "Serde", "swiftui": "SwiftUI",
	"xcode": "Xcode", "cocoapods": "CocoaPods", "gradle": "Gradle", "maven": "Maven", "symfony": "Symfony",
	"blazor": "Blazor", "unity3d": "Unity",
	// Build, test, lint and release tools.
	"turborepo": "Turborepo", "lerna": "Lerna", "changesets": "Changesets", "release-please": "Release Please",
	"semantic-release": "semantic-release", "husky": "Husky", "lint-staged": "lint-staged", "eslint": "ESLint",
	"typescript-eslint": "typescript-eslint", "puppeteer": "Puppeteer", "rollup": "Rollup",
	"swc": "SWC", "mypy": "mypy", "pyright": "Pyright", "shellcheck": "ShellCheck", "homebrew": "Homebrew",
	"pandoc": "Pandoc", "ffmpeg": "FFmpeg", "imagemagick": "ImageMagick", "graphviz": "Graphviz",
	"plantuml": "PlantUML", "mkdocs": "MkDocs", "docusaurus": "Docusaurus", "latex": "LaTeX",
	"esphome": "ESPHome", "arduino": "Arduino", "platformio": "PlatformIO", "neovim": "Neovim", "emacs": "Emacs",
	"pycharm": "PyCharm", "intellij": "IntelliJ IDEA", "powershell": "PowerShell", "tmux": "tmux",
	"vscode": "VS Code", "webstorm": "WebStorm", "bitbucket": "Bitbucket", "gitea": "Gitea",
	"chocolatey": "Chocolatey", "winget": "winget", "pyenv": "pyenv", "rbenv": "rbenv",
	"rspec": "RSpec", "minitest": "Minitest", "phpunit": "PHPUnit",
	"ocaml": "OCaml", "clojure": "Clojure", "erlang": "Erlang", "fortran": "Fortran",
	"matlab": "MATLAB", "objective-c": "Objective-C",
	"verilog": "Verilog", "vhdl": "VHDL", "gdscript": "GDScript", "glsl": "GLSL", "wgsl": "WGSL",
	"pyspark": "Apache Spark", "dbt": "dbt", "flink": "Apache Flink",
	"hadoop": "Hadoop", "databricks": "Databricks", "metabase": "Metabase", "dask": "Dask",
	"openshift": "OpenShift", "k3s": "k3s", "jaeger": "Jaeger", "splunk": "Splunk", "mqtt": "MQTT",
	"zeromq": "ZeroMQ", "keycloak": "Keycloak", "wordpress": "WordPress", "drupal": "Drupal",
	"shopify": "Shopify", "strapi": "Strapi", "contentful": "Contentful", "pygame": "Pygame",
	"esp32": "ESP32", "esp8266": "ESP8266", "stm32": "STM32", "micropython": "MicroPython",
	"circuitpython": "CircuitPython", "vitepress": "VitePress", "openapi": "OpenAPI",
	"ethereum": "Ethereum", "solana": "Solana", "vllm": "vLLM", "llama.cpp": "llama.cpp",
	"comfyui": "ComfyUI", "elevenlabs": "ElevenLabs", "astro": "Astro",
	// The Linux desktop: display protocols, desktops, toolkits, sound,
	// packaging and the message bus.
	"wayland": "Wayland", "x11": "X11", "xorg": "X.Org", "gnome": "GNOME", "kde": "KDE", "xfce": "Xfce",
	"hyprland": "Hyprland", "gtk": "GTK", "gtk3": "GTK", "gtk4": "GTK", "libadwaita": "libadwaita",
	"pipewire": "PipeWire", "pulseaudio": "PulseAudio", "appimage": "AppImage", "snapcraft": "Snap",
	"d-bus": "D-Bus", "dbus": "D-Bus",
	// Rust's GUI, terminal UI and game toolkits.
	"libcosmic": "libcosmic", "egui": "egui", "eframe": "egui", "slint": "Slint", "dioxus": "Dioxus",
	"leptos": "Leptos", "ratatui": "Ratatui", "bevy": "Bevy", "wgpu": "wgpu", "winit": "winit",
	// Coding agents that are not also common words (Cursor, Copilot and
	// Gemini are left out, as caseTechnologies says): a steward names
	// the one they work with ("so opencode can make new schemas").
	"aider": "aider", "opencode": "OpenCode", "windsurf": "Windsurf",
	// Product analytics.
	"mixpanel": "Mixpanel", "posthog": "PostHog",
	// Bun's web framework.
	"elysia": "Elysia",
	// Public projects known in their own field: IPFS's naming system, a
	// macOS file system, a scholarly index, a hosting service, an XBRL
	// processor, Python's cache libraries, a refactoring engine, the
	// saver of Cursor's chat histories.
	"ipns": "IPNS", "fuse-t": "FUSE-T", "openalex": "OpenAlex", "zeabur": "Zeabur", "arelle": "Arelle",
	"diskcache": "diskcache", "openrewrite": "OpenRewrite", "joblib": "joblib", "specstory": "SpecStory",
	// An accounting system, and RPG Maker XP by its short name.
	"e-conomic": "e-conomic", "rmxp": "RPG Maker XP",
	// Further well-known names by kind, none of them an English word.
	// Languages.
	"f#": "F#", "solidity": "Solidity", "cobol": "COBOL", "prolog": "Prolog", "coffeescript": "CoffeeScript",
	"purescript": "PureScript", "rescript": "ReScript", "tcl": "Tcl", "vba": "VBA", "typst": "Typst",
	"asciidoc": "AsciiDoc", "mdx": "MDX",
	// Web, desktop and mobile frameworks and UI libraries.
	"qwik": "Qwik", "preact": "Preact", "ember.js": "Ember.js", "emberjs": "Ember.js", "backbone.js": "Backbone.js",
	"asp.net": "ASP.NET", "starlette": "Starlette", "adonisjs": "AdonisJS", "redwoodjs": "RedwoodJS",
	"codeigniter": "CodeIgniter", "joomla": "Joomla", "magento": "Magento", "woocommerce": "WooCommerce",
	"eleventy": "Eleventy", "11ty": "Eleventy", "hexo": "Hexo", "bulma": "Bulma", "mantine": "Mantine",
	"daisyui": "daisyUI", "styled-components": "styled-components", "tamagui": "Tamagui", "gluestack": "gluestack",
	"cordova": "Cordova", "xamarin": "Xamarin", "uikit": "UIKit", "appkit": "AppKit", "wxwidgets": "wxWidgets",
	"tkinter": "Tkinter", "pyqt": "PyQt", "pyqt5": "PyQt", "pyqt6": "PyQt", "pyside": "PySide", "pyside6": "PySide",
	"kivy": "Kivy", "babylon.js": "Babylon.js", "babylonjs": "Babylon.js", "pixi.js": "PixiJS",
	"chart.js": "Chart.js", "chartjs": "Chart.js", "recharts": "Recharts", "echarts": "ECharts", "mapbox": "Mapbox",
	"openlayers": "OpenLayers", "vuetify": "Vuetify", "pinia": "Pinia", "vuex": "Vuex", "mobx": "MobX",
	"jotai": "Jotai", "formik": "Formik", "nextauth": "NextAuth.js", "next-auth": "NextAuth.js",
	// Build tools, package managers and runtimes' version managers.
	"turbopack": "Turbopack", "bazel": "Bazel", "meson": "Meson", "msbuild": "MSBuild", "gulp": "gulp",
	"rspack": "Rspack", "rolldown": "Rolldown", "tsup": "tsup", "ts-node": "ts-node", "nodemon": "nodemon",
	"pm2": "PM2", "pipx": "pipx", "nuget": "NuGet", "vcpkg": "vcpkg", "carthage": "Carthage",
	"pypi": "PyPI", "crates.io": "crates.io", "fastlane": "fastlane",
	// Databases, stores and data access.
	"cosmosdb": "Cosmos DB", "redshift": "Amazon Redshift", "mssql": "SQL Server", "rocksdb": "RocksDB",
	"leveldb": "LevelDB", "lmdb": "LMDB", "indexeddb": "IndexedDB", "pouchdb": "PouchDB", "arangodb": "ArangoDB",
	"dgraph": "Dgraph", "turso": "Turso", "libsql": "libSQL", "tidb": "TiDB", "vitess": "Vitess",
	"scylladb": "ScyllaDB", "hbase": "HBase", "questdb": "QuestDB", "algolia": "Algolia", "solr": "Solr",
	"knex": "Knex", "kysely": "Kysely", "mikro-orm": "MikroORM", "peewee": "peewee", "sqlmodel": "SQLModel",
	"flyway": "Flyway", "liquibase": "Liquibase", "golang-migrate": "golang-migrate", "pocketbase": "PocketBase",
	"appwrite": "Appwrite", "upstash": "Upstash", "parquet": "Parquet", "avro": "Avro",
	// Cloud services, hosting and SaaS a project builds on.
	"sagemaker": "Amazon SageMaker", "cognito": "Amazon Cognito", "fargate": "AWS Fargate", "route53": "Route 53",
	"cloudfront": "CloudFront", "hetzner": "Hetzner", "linode": "Linode", "vultr": "Vultr", "mailgun": "Mailgun",
	"launchdarkly": "LaunchDarkly", "zapier": "Zapier", "n8n": "n8n", "airtable": "Airtable",
	"ngrok": "ngrok", "tailscale": "Tailscale", "wireguard": "WireGuard", "letsencrypt": "Let's Encrypt",
	"certbot": "Certbot", "paypal": "PayPal", "revenuecat": "RevenueCat", "onesignal": "OneSignal",
	"bugsnag": "Bugsnag", "rollbar": "Rollbar", "newrelic": "New Relic", "trello": "Trello",
	"raycast": "Raycast", "hammerspoon": "Hammerspoon", "groq": "Groq", "langsmith": "LangSmith",
	"langfuse": "Langfuse",
	// Containers, orchestration and infrastructure.
	"containerd": "containerd", "portainer": "Portainer", "istio": "Istio",
	"linkerd": "Linkerd", "cilium": "Cilium", "crossplane": "Crossplane", "helmfile": "Helmfile",
	"terragrunt": "Terragrunt", "kustomize": "Kustomize", "skaffold": "Skaffold", "buildah": "Buildah",
	"colima": "Colima", "orbstack": "OrbStack", "virtualbox": "VirtualBox", "qemu": "QEMU", "vmware": "VMware",
	"proxmox": "Proxmox", "saltstack": "SaltStack",
	// CI and code quality services.
	"buildkite": "Buildkite", "teamcity": "TeamCity", "fluxcd": "Flux", "tekton": "Tekton",
	"codebuild": "AWS CodeBuild", "codepipeline": "AWS CodePipeline", "appveyor": "AppVeyor",
	"codeql": "CodeQL", "semgrep": "Semgrep", "trufflehog": "TruffleHog", "lefthook": "Lefthook",
	"commitlint": "commitlint", "cosign": "cosign", "stylelint": "Stylelint", "oxlint": "oxlint",
	"yamllint": "yamllint", "shfmt": "shfmt", "sqlfluff": "SQLFluff", "tflint": "TFLint", "checkov": "Checkov",
	"govulncheck": "govulncheck", "valgrind": "Valgrind", "wireshark": "Wireshark", "tcpdump": "tcpdump",
	"nmap": "Nmap", "httpie": "HTTPie", "git-lfs": "Git LFS", "git-filter-repo": "git-filter-repo", "fzf": "fzf",
	// Test frameworks.
	"webdriverio": "WebdriverIO", "testcafe": "TestCafe", "testng": "TestNG",
	"mockito": "Mockito", "gomega": "Gomega", "gotestsum": "gotestsum", "jmeter": "JMeter", "gatling": "Gatling",
	"supertest": "SuperTest", "sinon": "Sinon.JS", "xunit": "xUnit", "nunit": "NUnit", "catch2": "Catch2",
	"googletest": "GoogleTest", "appium": "Appium", "xctest": "XCTest",
	// Editors, terminals and IDEs.
	"vim": "Vim", "goland": "GoLand", "clion": "CLion", "netbeans": "NetBeans", "jetbrains": "JetBrains",
	"iterm2": "iTerm2", "ghostty": "Ghostty", "alacritty": "Alacritty", "wezterm": "WezTerm", "zellij": "Zellij",
	// Machine learning, data and AI tooling.
	"dspy": "DSPy", "qwen": "Qwen", "midjourney": "Midjourney", "jax": "JAX",
	"catboost": "CatBoost", "dagster": "Dagster", "sidekiq": "Sidekiq", "bullmq": "BullMQ", "fastmcp": "FastMCP",
	"tiktoken": "tiktoken", "tensorrt": "TensorRT", "mlx": "MLX", "deepspeed": "DeepSpeed", "unsloth": "Unsloth",
	"activemq": "ActiveMQ", "scrapy": "Scrapy", "networkx": "NetworkX", "sympy": "SymPy", "geopandas": "GeoPandas",
	"pyarrow": "Apache Arrow", "paramiko": "Paramiko", "ros2": "ROS 2", "pymongo": "MongoDB", "asyncpg": "PostgreSQL",
}

// toolCommands are words that name a tool only when a subcommand of it
// follows ("cargo build", "pip install"): alone they are common words
// ("how much cargo fits in a van").
var toolCommands = map[string]struct {
	name string
	subs map[string]bool
}{
	"cargo": {"Cargo", set("build", "run", "test", "add", "new", "init", "install", "check", "clippy", "fmt", "publish", "update", "bench", "doc", "tree")},
	// pip is Python's own installer (programTechnologies).
	"pip":  {"Python", set("install", "uninstall", "freeze", "list", "show", "download")},
	"pip3": {"Python", set("install", "uninstall", "freeze", "list", "show", "download")},
	// "poetry" is the English word too ("a poetry app"); written as a
	// name ("Poetry", caseTechnologies) it is the tool anywhere.
	"poetry": {"Poetry", set("install", "add", "remove", "run", "lock", "update", "build", "publish", "init", "new", "shell", "show", "env", "check", "export", "sync")},
}

var caseTechnologies = map[string]string{
	"Go": "Go", "React": "React", "Swift": "Swift", "Rails": "Rails", "Flask": "Flask", "Jest": "Jest",
	"Dart": "Dart", "Elm": "Elm", "Express": "Express", "Claude": "Claude",
	// Widely known names that are also common words: capitalised only. The
	// assistants themselves (Cursor, Gemini, Copilot) are left out: a
	// steward names them as the subject of the talk far more often than as
	// a tool of the work.
	"Remix": "Remix", "Expo": "Expo",
	"Electron": "Electron", "Bootstrap": "Bootstrap", "Slack": "Slack", "Notion": "Notion", "Discord": "Discord",
	"Stripe": "Stripe", "Obsidian": "Obsidian", "Apollo": "Apollo", "Drizzle": "Drizzle", "Babel": "Babel",
	"Sphinx": "Sphinx", "Hugo": "Hugo", "Unity": "Unity", "Nx": "Nx", "COSMIC": "COSMIC", "Qt": "Qt",
	"Groovy": "Groovy", "Gleam": "Gleam", "Racket": "Racket", "Nim": "Nim", "Delphi": "Delphi",
	"Meteor": "Meteor", "Ionic": "Ionic", "Leaflet": "Leaflet", "Cesium": "Cesium", "Snowflake": "Snowflake",
	"Neon": "Neon", "Clerk": "Clerk", "Hibernate": "Hibernate", "Eclipse": "Eclipse", "Zed": "Zed",
	"Packer": "Packer", "Consul": "Consul", "Envoy": "Envoy", "Airflow": "Apache Airflow", "Prefect": "Prefect",
	"Llama": "Llama", "Mistral": "Mistral", "Perplexity": "Perplexity", "Cohere": "Cohere", "Bokeh": "Bokeh",
	"Capacitor": "Capacitor", "Quasar": "Quasar",
	// Names that are English words in lower case: "these models excel
	// at", "renovate the page", "a sentry", "the telegram", "Jekyll and
	// Hyde"; written as a name they are one.
	"Excel": "Excel", "Renovate": "Renovate", "Flutter": "Flutter", "Postman": "Postman",
	"Confluence": "Confluence", "AutoGen": "AutoGen", "Sentry": "Sentry", "Celery": "Celery",
	"Vagrant": "Vagrant", "Jenkins": "Jenkins", "Rancher": "Rancher", "Godot": "Godot", "Gatsby": "Gatsby",
	"Phaser": "Phaser", "Jekyll": "Jekyll", "Mocha": "Mocha", "Jasmine": "Jasmine", "Locust": "Locust",
	"Telegram": "Telegram", "Asana": "Asana", "Poetry": "Poetry",
}

// techPhrases are technologies written as two or three words.
var techPhrases = map[string]string{
	"github actions": "GitHub Actions", "ruby on rails": "Rails", "google cloud": "Google Cloud",
	"spring boot": "Spring", "sql server": "SQL Server", "vs code": "VS Code", "claude code": "Claude Code",
	"openai codex": "Codex CLI", "codex cli": "Codex CLI", "gemini cli": "Gemini CLI", "sql lite": "SQLite",
	"docker compose": "Docker Compose", "aws lambda": "AWS Lambda", "step functions": "AWS Step Functions",
	"azure devops": "Azure DevOps", "azure functions": "Azure Functions", "github pages": "GitHub Pages", "github copilot": "GitHub Copilot",
	"google cloud run": "Cloud Run", "cloud run": "Cloud Run", "react native": "React Native",
	"material ui": "Material UI", "chakra ui": "Chakra UI", "hugging face": "Hugging Face",
	"lm studio": "LM Studio", "model context protocol": "MCP", "openai api": "OpenAI", "gemini api": "Gemini",
	"claude api": "Anthropic", "anthropic api": "Anthropic", "release please": "Release Please",
	"serverless framework": "Serverless Framework", "home assistant": "Home Assistant",
	"raspberry pi": "Raspberry Pi", "jetpack compose": "Jetpack Compose", "android studio": "Android Studio",
	"visual studio code": "VS Code", "google sheets": "Google Sheets", "apps script": "Google Apps Script",
	"new relic": "New Relic", "gitlab ci": "GitLab CI", "travis ci": "Travis CI", "entity framework": "Entity Framework",
	"unreal engine": "Unreal Engine", "app router": "Next.js", "weights & biases": "Weights & Biases",
	"power bi": "Power BI", "hashicorp vault": "Vault", "amazon bedrock": "Amazon Bedrock",
	"aws bedrock": "Amazon Bedrock", "vertex ai": "Vertex AI", "azure openai": "Azure OpenAI",
	"stable diffusion": "Stable Diffusion", "apache spark": "Apache Spark", "apache kafka": "Kafka",
	"apache airflow": "Apache Airflow",
	"amazon s3":      "Amazon S3", "aws s3": "Amazon S3", "google analytics": "Google Analytics",
	"asp.net core": "ASP.NET", "cosmos db": "Cosmos DB", "oracle database": "Oracle Database",
	"sublime text": "Sublime Text", "cloudflare workers": "Cloudflare Workers", "cloudflare pages": "Cloudflare Pages",
	"bitbucket pipelines": "Bitbucket Pipelines", "azure pipelines": "Azure Pipelines", "docker swarm": "Docker Swarm",
	"ant design": "Ant Design", "radix ui": "Radix UI", "headless ui": "Headless UI", "framer motion": "Framer Motion",
	"react router": "React Router", "react query": "TanStack Query", "tanstack query": "TanStack Query",
	"json schema": "JSON Schema", "github api": "GitHub API", "app store connect": "App Store Connect",
	"google cloud storage": "Cloud Storage", "cloud functions": "Cloud Functions", "app engine": "App Engine",
	"let's encrypt": "Let's Encrypt", "apache arrow": "Apache Arrow", "apache beam": "Apache Beam",
	// Cursor's own rules (.cursor/rules), the editor's feature, whatever
	// "cursor" alone may mean.
	"cursor rule": "Cursor", "cursor rules": "Cursor",
	// Microsoft's ERP (its extensions are written in AL, .al files) and a
	// game maker by its full name.
	"business central": "Business Central", "rpg maker xp": "RPG Maker XP", "rpg maker": "RPG Maker XP",
	"ros 2": "ROS 2", "unreal engine 5": "Unreal Engine", "pydantic ai": "Pydantic AI",
	"vercel ai sdk": "Vercel AI SDK", "semantic kernel": "Semantic Kernel", "hugging face hub": "Hugging Face",
	"together ai": "Together AI", "mistral ai": "Mistral", "google gemini": "Gemini", "openai agents sdk": "OpenAI Agents SDK",
}

// techPhraseFirsts holds the first words of techPhrases.
var techPhraseFirsts = func() map[string]bool {
	out := map[string]bool{}
	for p := range techPhrases {
		first, _, _ := strings.Cut(p, " ")
		out[first] = true
	}
	return out
}()

// techPhraseOpening holds techPhraseFirsts' bits: most words have none
// and are not lower-cased and looked up.
var techPhraseOpening = func() (b wordBloom) {
	for f := range techPhraseFirsts {
		b.add(f)
	}
	return b
}()

// techPhraseAt returns the technology named by the two or three words
// from chunks[i], and how many words it took; first is chunks[i] trimmed
// (trimChunk), and bit its wordBit. ascii reports that the caller knows
// first is ASCII.
func techPhraseAt(chunks []string, i int, first string, bit uint32, ascii bool) (string, int) {
	if i+1 >= len(chunks) || len(chunks[i]) > 12 {
		return "", 0
	}
	if first == "" {
		return "", 0
	}
	if ascii || isASCII(first) {
		// A word lower-cased to one of them has its bit (wordBit folds
		// ASCII case as lower-casing does): most words are spared the
		// lookup. An ASCII word is lower-cased on the stack and looked up
		// in a set, not copied and compared with each first word in turn
		// (a tenth of a message's analysis).
		var buf [12]byte
		if !techPhraseOpening.hasBit(bit) ||
			!techPhraseFirsts[string(asciiLower(buf[:0], first))] {
			return "", 0
		}
	} else if first[0] >= utf8.RuneSelf || !techPhraseFirsts[strings.ToLower(first)] {
		// Every first word opens with an ASCII letter.
		return "", 0
	}
	first = strings.ToLower(first)
	two := first + " " + strings.ToLower(trimChunk(chunks[i+1]))
	if name, ok := techPhrases[two]; ok {
		return name, 2
	}
	if i+2 < len(chunks) {
		if name, ok := techPhrases[two+" "+strings.ToLower(trimChunk(chunks[i+2]))]; ok {
			return name, 3
		}
	}
	return "", 0
}

// goCommands follow a lower-case "go" that means the language's tool.
var goCommands = set("test", "build", "run", "vet", "mod", "get", "install", "generate", "fmt", "tool", "work",
	"version", "doc", "env", "list", "clean", "module", "modules", "code", "routine", "routines")

// verbObjectOpeners are the words that open a verb's object: after a
// capitalised word that opens a sentence, they make that word a verb.
var verbObjectOpeners = set("the", "a", "an", "this", "that", "these", "those", "it", "them", "all", "our", "my",
	"your", "their", "its", "each", "every", "some", "any")

// goAtStart are words after a sentence-opening "Go" that make it the language.
var goAtStart = set("is", "was", "has", "code", "module", "modules", "version", "program", "programs", "service",
	"binary", "test", "tests", "generics", "runtime", "package", "packages", "toolchain", "compiler", "struct", "structs")

// languages maps a file extension (or fence info word) to a language id.
var languages = map[string]string{
	"go": "go", "golang": "go", "py": "python", "python": "python", "python3": "python", "ts": "typescript",
	"typescript": "typescript", "tsx": "tsx", "js": "javascript", "javascript": "javascript", "mjs": "javascript",
	"cjs": "javascript", "jsx": "jsx", "rs": "rust", "rust": "rust", "rb": "ruby", "ruby": "ruby",
	"java": "java", "kt": "kotlin", "kotlin": "kotlin", "sql": "sql", "css": "css", "scss": "scss",
	"html": "html", "templ": "templ", "sh": "shell", "bash": "shell", "zsh": "shell", "shell": "shell",
	"console": "shell", "shellsession": "shell", "swift": "swift", "php": "php", "vue": "vue",
	"svelte": "svelte", "c": "c", "h": "c", "cpp": "cpp", "cc": "cpp", "hpp": "cpp", "c++": "cpp",
	"cs": "csharp", "csharp": "csharp", "md": "markdown", "markdown": "markdown", "yaml": "yaml",
	"yml": "yaml", "json": "json", "jsonl": "json", "toml": "toml", "lua": "lua", "ex": "elixir",
	"exs": "elixir", "elixir": "elixir", "hs": "haskell", "zig": "zig", "dockerfile": "dockerfile",
	"makefile": "makefile", "make": "makefile", "proto": "protobuf", "graphql": "graphql", "tf": "hcl",
	"hcl": "hcl", "xml": "xml", "diff": "diff", "patch": "diff", "ini": "ini", "r": "r", "dart": "dart",
	"scala": "scala", "pl": "perl", "ps1": "powershell", "powershell": "powershell", "ipynb": "python",
	"al": "al", "nix": "nix", "tex": "latex", "astro": "astro", "jl": "julia", "erl": "erlang", "clj": "clojure",
	"cljs": "clojure", "ml": "ocaml", "sol": "solidity", "groovy": "groovy", "gd": "gdscript", "cu": "cuda",
	"j2": "jinja", "jinja": "jinja", "jinja2": "jinja", "typ": "typst", "adoc": "asciidoc", "mdx": "mdx",
	"prisma": "prisma", "hbs": "handlebars",
}

// languageTechnology names the technology a language id belongs to.
var languageTechnology = map[string]string{
	"go": "Go", "python": "Python", "typescript": "TypeScript", "tsx": "TypeScript", "javascript": "JavaScript",
	"jsx": "JavaScript", "rust": "Rust", "ruby": "Ruby", "java": "Java", "kotlin": "Kotlin", "sql": "SQL",
	"css": "CSS", "scss": "CSS", "html": "HTML", "templ": "templ", "shell": "Bash", "swift": "Swift",
	"php": "PHP", "vue": "Vue", "svelte": "Svelte", "c": "C", "cpp": "C++", "csharp": "C#", "elixir": "Elixir",
	"haskell": "Haskell", "zig": "Zig", "lua": "Lua", "dockerfile": "Docker", "hcl": "Terraform",
	"dart": "Dart", "scala": "Scala", "graphql": "GraphQL", "protobuf": "Protocol Buffers",
	"al": "AL", "perl": "Perl", "powershell": "PowerShell", "r": "R", "latex": "LaTeX", "astro": "Astro",
	"julia": "Julia", "erlang": "Erlang", "clojure": "Clojure", "ocaml": "OCaml", "solidity": "Solidity",
	"groovy": "Groovy", "gdscript": "GDScript", "cuda": "CUDA", "jinja": "Jinja", "typst": "Typst",
	"asciidoc": "AsciiDoc", "mdx": "MDX", "prisma": "Prisma", "handlebars": "Handlebars",
}

// fileExts are the extensions that make a bare word like "db.go" a file.
var fileExts = func() map[string]bool {
	m := set("txt", "lock", "mod", "sum", "env", "cfg", "conf", "csv", "log", "svg", "png", "jpg", "jpeg",
		"gif", "pdf", "db", "sqlite", "sqlite3", "gz", "zip", "tar", "wasm", "bin", "properties", "gradle",
		"sln", "csproj", "mdx", "rst", "tmpl", "gohtml", "lock", "plist", "pem", "key", "crt", "up", "down")
	for ext := range languages {
		m[ext] = true
	}
	// Words that are also fence infos but never extensions of real names.
	for _, w := range []string{"golang", "python", "python3", "typescript", "javascript", "rust", "ruby",
		"kotlin", "shell", "console", "shellsession", "csharp", "markdown", "elixir", "make", "c++", "powershell"} {
		delete(m, w)
	}
	return m
}()

var specialFiles = set("Dockerfile", "Makefile", "Procfile", "Gemfile", "Rakefile", "Justfile", "Taskfile",
	"Containerfile", "Vagrantfile", "Caddyfile", "CODEOWNERS", "LICENSE", "README")

// specialFileBits holds specialFiles' bits (wordBit): most capitalised
// words have none and are not looked up.
var specialFileBits = func() (b wordBloom) {
	for f := range specialFiles {
		b.add(f)
	}
	return b
}()

// languageOfPath returns the language id of a file path, or "".
func languageOfPath(p string) string {
	base := path.Base(p)
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		return languages[strings.ToLower(base[i+1:])]
	}
	return languages[strings.ToLower(base)]
}

// entitySet collects entities in order of first mention, once each.
type entitySet struct {
	list []baton.Entity
}

func (s *entitySet) add(text, typ string, confidence float64) {
	if text == "" || len(s.list) >= maxEntities {
		return
	}
	for _, e := range s.list {
		if e.Text == text && e.Type == typ {
			return
		}
	}
	if s.list == nil {
		s.list = make([]baton.Entity, 0, 8)
	}
	s.list = append(s.list, baton.Entity{Text: text, Type: typ, Confidence: confidence})
}

// location is a file named with a line range ("db.go:12-30").
type location struct {
	file       string
	start, end int
}

// scanEntities finds files, URLs, symbols and technologies in prose. It
// returns the first file named with a line range, if any. chunks are the
// fields of prose (appendFields). ascii reports that the caller knows
// prose is ASCII, and so each chunk: they are not read again to find out.
func scanEntities(prose, lower string, ascii bool, es *entitySet, chunks []string) (loc location) {
	// Asked of most words: fetched once, not through the sync.OnceValue
	// for each.
	techWords := technologyWords()
	sentenceStart := true
	skip := 0
	for i, raw := range chunks {
		ticked := strings.HasPrefix(raw, "`")
		c := raw
		if chunkHasEdge(raw) {
			c = trimChunk(raw)
		}
		start := sentenceStart
		sentenceStart = endsSentence(raw)
		if skip > 0 {
			skip--
			continue
		}
		if c == "" {
			continue
		}
		if strings.HasPrefix(c, "http://") || strings.HasPrefix(c, "https://") {
			es.add(c, EntityURL, 0.99)
			continue
		}
		// The word is hashed once for both filters of technology words.
		bit := wordBit(c)
		// Most words open no phrase: an ASCII word's clear bit says so
		// here, without a call.
		if !ascii || techPhraseOpening.hasBit(bit) {
			if name, n := techPhraseAt(chunks, i, c, bit, ascii); n > 0 {
				es.add(name, EntityTechnology, 0.9)
				skip = n - 1
				continue
			}
		}
		if isUpperASCII(c[0]) && specialFileBits.hasBit(bit) && specialFiles[c] { // each opens with a capital: most words are not looked up
			es.add(c, EntityFile, 0.85)
			if name, ok := technologies[strings.ToLower(c)]; ok {
				es.add(name, EntityTechnology, 0.9)
			}
			continue
		}
		if letters, camel := asciiLettersCamel(c); letters && !ticked {
			// Most words: letters alone are a technology only when
			// technologyOf knows the word in some case, no line
			// reference, no file (but specialFiles, above) and, out of
			// backticks, a symbol only when camel-cased (symbolOf).
			// Most words' bit is clear: told here, without a call.
			if (techWords.bloom.hasBit(bit) || len(c) > maxLowerInPlace) && mayNameTechnology(c, bit, techWords) {
				if name, ok := technologyOf(c, chunks, i, start); ok {
					es.add(name, EntityTechnology, 0.9)
					continue
				}
			}
			if camel {
				es.add(c, EntitySymbol, 0.65)
			}
			continue
		}
		// No technology has a word whose bit is clear: most words with
		// digits or signs ("p95", "db.go:12") are not looked up.
		if techWords.bloom.hasBit(bit) {
			if name, ok := technologyOf(c, chunks, i, start); ok {
				es.add(name, EntityTechnology, 0.9)
				continue
			}
		}
		if asciiWordBytes(c) {
			// Letters, digits and '_' alone ("p95", "handler2", "max_len")
			// hold no line reference and name no file (but specialFiles,
			// above): only a symbol is left to look for.
			if conf := wordSymbolConfidence(c, ticked); conf > 0 {
				es.add(c, EntitySymbol, conf)
			}
			continue
		}
		if !ascii && !isASCII(c) {
			scriptBoundedTechnologies(c, es)
		}
		file, from, to := splitLineRef(c)
		if conf := fileConfidence(file); conf > 0 {
			es.add(file, EntityFile, conf)
			if from > 0 && loc.file == "" {
				loc = location{file: file, start: from, end: to}
			}
			continue
		}
		if sym, conf := symbolOf(c, ticked); conf > 0 {
			es.add(sym, EntitySymbol, conf)
		}
	}
	if loc.file == "" {
		loc = lineMention(lower, es)
	}
	return loc
}

// scriptBoundedTechnologies adds the technologies named inside a chunk of
// text written without spaces: Chinese or Japanese prose runs a Latin name
// into the words around it ("我需要给github的仓库写一段描述", "Reactで作る"),
// so the name is bounded by the change of script, not by a space.
func scriptBoundedTechnologies(c string, es *entitySet) {
	for _, run := range scriptBoundedRuns(c) {
		if name, ok := technologyOf(trimChunk(c[run[0]:run[1]]), nil, 0, false); ok {
			es.add(name, EntityTechnology, 0.9)
		}
	}
}

// scriptBoundedRuns lists, as [start, end) byte offsets, the runs of ASCII
// in chunk c that letters or signs of another script bound, at least two
// bytes long: each is a word of its own. Accented Latin letters are no
// change of script ("café" holds no word "caf"), and a chunk with no
// change of script has no runs.
func scriptBoundedRuns(c string) [][2]int {
	var out [][2]int
	start, latin := 0, true // the run from start; whether it is ASCII alone
	for i, r := range c {
		switch {
		case r < utf8.RuneSelf:
			continue
		case r < 0x250: // Latin-1 and Latin Extended letters belong to the run
			latin = false
			continue
		}
		if latin && i-start >= 2 {
			out = append(out, [2]int{start, i})
		}
		start, latin = i+utf8.RuneLen(r), true
	}
	if latin && start > 0 && len(c)-start >= 2 {
		out = append(out, [2]int{start, len(c)})
	}
	return out
}

// technologyWords holds, lower-cased, every word technologyOf may name a
// technology by: a word of letters not among them is looked up no further.
// bloom holds a bit (wordBit) for each of them: most words of prose have
// none, and are turned away without lower-casing and hashing them for the
// map (a map lookup for each word was a fifteenth of a message's analysis).
var technologyWords = sync.OnceValue(func() *techWords {
	tw := &techWords{}
	tw.words = map[string]bool{"go": true}
	// The filter holds each key as written too: scanEntities asks it
	// before technologyOf of any word, and a word equal to a key in any
	// ASCII case has the key's bit (its lower case's, but for a key with
	// other letters).
	for w := range caseTechnologies {
		tw.words[strings.ToLower(w)] = true
		tw.bloom.add(w)
	}
	for w := range toolCommands {
		tw.words[strings.ToLower(w)] = true
		tw.bloom.add(w)
	}
	for w := range technologies {
		tw.words[strings.ToLower(w)] = true
		tw.bloom.add(w)
	}
	for w := range tw.words {
		tw.bloom.add(w)
	}
	return tw
})

type techWords struct {
	words map[string]bool
	bloom wordBloom
}

// wordBloom holds a bit (wordBit) for each word of a set: a word whose
// bit is clear is not in the set, known without hashing it for a map.
// Sets most words of prose are not in are asked of every word.
type wordBloom [128]uint64

func (b *wordBloom) add(w string) {
	x := wordBit(w)
	b[x>>6] |= 1 << (x & 63)
}

// hasBit reports whether a word whose wordBit is x may be in the set: a
// reader asks several filters of each word and hashes it once.
func (b *wordBloom) hasBit(x uint32) bool { return b[x>>6]&(1<<(x&63)) != 0 }

// wordBit hashes s, its ASCII letters lower-cased, to one of 8192 bits.
func wordBit(s string) uint32 { return wordBitOf(foldHash(s)) }

// wordBitOf is wordBit of a word whose foldHash is h.
func wordBitOf(h uint64) uint32 { return uint32(h >> 51) }

// appendFoldHashes appends each word's foldHash to hashes: Message hashes
// a message's words once for the filters that matchPhrases, debuggingCue,
// foreignSentiment and topicsOf ask of each.
func appendFoldHashes(hashes []uint64, words []string) []uint64 {
	for _, w := range words {
		hashes = append(hashes, foldHash(w))
	}
	return hashes
}

// foldHash hashes s with each byte's 0x20 bit set, so that an ASCII
// letter hashes as its lower case (and some other bytes as another: a
// filter's false hits, never a miss). Each word of a message is hashed for
// several filters: a word is read eight or four bytes at a time, its ends
// overlapping, where FNV-1a took a multiply and a case test for each byte.
func foldHash(s string) uint64 {
	const fold, prime = 0x2020202020202020, 0x9e3779b97f4a7c15
	n := len(s)
	h := uint64(n) * prime
	var x uint64
	switch {
	case n >= 8:
		for i := 0; n-i > 8; i += 8 {
			h = (h ^ (load64(s, i) | fold)) * prime
		}
		x = load64(s, n-8)
	case n >= 4:
		x = uint64(load32(s, 0)) | uint64(load32(s, n-4))<<32
	case n > 0:
		x = uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	// The top bits of the product are the best mixed: the filters take theirs.
	return (h ^ (x | fold)) * prime
}

// load64 and load32 read s's bytes from i, little-endian.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func load32(s string, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// mayNameTechnology is false when technologyOf cannot name a technology
// by the word c, of letters alone: no technology has it, in any case, as
// a word. A word too long to lower-case in place is left to technologyOf.
// bit is c's wordBit, tw technologyWords().
func mayNameTechnology(c string, bit uint32, tw *techWords) bool {
	var buf [maxLowerInPlace]byte
	if len(c) > len(buf) {
		return true
	}
	if !tw.bloom.hasBit(bit) {
		return false
	}
	return tw.words[string(asciiLower(buf[:0], c))]
}

// maxLowerInPlace is the longest word mayNameTechnology lower-cases on
// the stack.
const maxLowerInPlace = 32

// isUpperASCII reports whether b is an ASCII capital letter.
func isUpperASCII(b byte) bool { return 'A' <= b && b <= 'Z' }

// asciiLettersCamel reports whether s is ASCII letters alone and, when it
// is, whether it is camel-cased (isCamel), in one pass over s:
// scanEntities asks both of most words.
func asciiLettersCamel(s string) (letters, camel bool) {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if l := b | 0x20; l < 'a' || l > 'z' {
			return false, false
		}
		// Of letters, a capital is below 'a' and a small letter not.
		if b < 'a' && i > 0 && s[i-1] >= 'a' {
			camel = true
		}
	}
	return true, camel
}

// asciiWordBytes reports whether s is ASCII letters, digits and '_' alone
// (isASCIIWordByte).
func asciiWordBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isASCIIWordByte(s[i]) {
			return false
		}
	}
	return true
}

// chunkHasEdge reports whether trimChunk may strip a byte from s: most
// chunks of prose open and end with a letter, told by this test without
// a call (scanEntities asks it of every chunk of every message).
func chunkHasEdge(s string) bool {
	return s != "" && (chunkOpening[s[0]] || chunkClosing[s[len(s)-1]])
}

// chunkClosing holds the bytes trimChunk may strip from a chunk's end.
var chunkClosing = byteTable("`'\",;:!?.*~>)]}")

// chunkOpening holds the bytes trimChunk strips from a word's start, and
// sentenceTrail those endsSentence looks past at its end: both are asked
// of every word of every message, a table lookup for each byte instead of
// a search of a string.
var chunkOpening, sentenceTrail = byteTable("`'\"([{<*"), byteTable("\"')`*")

// byteTable is the set of the bytes of s, a table read at each byte.
func byteTable(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// trimChunk strips quotes, brackets and sentence punctuation around a
// word, keeping a call's own parentheses ("parseJSON()").
func trimChunk(s string) string {
	if !chunkHasEdge(s) {
		return s
	}
	i := 0
	for i < len(s) && chunkOpening[s[i]] {
		i++
	}
	s = s[i:]
	for len(s) > 0 {
		c := s[len(s)-1]
		switch c {
		case '`', '\'', '"', ',', ';', ':', '!', '?', '.', '*', '~', '>':
			s = s[:len(s)-1]
			continue
		case ')', ']', '}':
			if unbalanced(s, c) {
				s = s[:len(s)-1]
				continue
			}
		}
		break
	}
	return s
}

// unbalanced reports whether s closes more brackets of kind c than it opens.
func unbalanced(s string, c byte) bool {
	open := byte('(')
	switch c {
	case ']':
		open = '['
	case '}':
		open = '{'
	}
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			n++
		case c:
			n--
		}
	}
	return n < 0
}

// endsSentence reports whether raw ends a sentence: most chunks end with
// a letter, told without a call.
func endsSentence(raw string) bool {
	if len(raw) == 0 || !sentenceEnd[raw[len(raw)-1]] {
		return false
	}
	return endsSentenceTrail(raw)
}

// sentenceEnd holds the bytes a chunk that ends a sentence may end with:
// the sentence's own punctuation and sentenceTrail's.
var sentenceEnd = byteTable(".!?:\"')`*")

func endsSentenceTrail(raw string) bool {
	j := len(raw)
	for j > 0 && sentenceTrail[raw[j-1]] {
		j--
	}
	if j == 0 {
		return false
	}
	switch raw[j-1] {
	case '.', '!', '?', ':':
		return true
	}
	return false
}

func technologyOf(c string, chunks []string, i int, sentenceStart bool) (string, bool) {
	if name, ok := caseTechnologies[c]; ok {
		if c != "Go" {
			// A sentence that opens with the word and goes on to a
			// determiner opens with a verb: "Bootstrap the project",
			// "Express the dates in UTC", "Remix this layout".
			if sentenceStart && i+1 < len(chunks) && verbObjectOpeners[strings.ToLower(trimChunk(chunks[i+1]))] {
				return "", false
			}
			return name, true
		}
		if !sentenceStart {
			return name, true
		}
		if i+1 < len(chunks) && goAtStart[strings.ToLower(trimChunk(chunks[i+1]))] {
			return name, true
		}
		return "", false
	}
	var buf [32]byte
	if len(c) > len(buf) {
		return "", false
	}
	l := asciiLower(buf[:0], c)
	if string(l) == "go" {
		if i+1 < len(chunks) && goCommands[strings.ToLower(trimChunk(chunks[i+1]))] {
			return "Go", true
		}
		return "", false
	}
	if tc, ok := toolCommands[string(l)]; ok {
		if i+1 < len(chunks) && tc.subs[strings.ToLower(trimChunk(chunks[i+1]))] {
			return tc.name, true
		}
		return "", false
	}
	name, ok := technologies[string(l)]
	if ok && i+1 < len(chunks) {
		if tails := otherTermTails[string(l)]; tails != nil && tails[strings.ToLower(trimChunk(chunks[i+1]))] {
			return "", false
		}
	}
	return name, ok
}

// otherTermTails are the words that, after a technology's name, make the
// two words a term of something else: "Largest Contentful Paint" and
// "First Contentful Paint" are a page's speed, measured in any web
// project, not the Contentful CMS.
var otherTermTails = map[string]map[string]bool{"contentful": set("paint", "paints")}

// asciiLower appends s lower-cased (ASCII letters only) to b.
func asciiLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// splitLineRef splits "db.go:12-30", "db.go:12" and "db.go#L12-L30" into
// the file and the lines.
func splitLineRef(c string) (string, int, int) {
	if i := strings.Index(c, "#L"); i > 0 {
		from, to := parseRange(strings.ReplaceAll(c[i+2:], "L", ""))
		if from > 0 {
			return c[:i], from, to
		}
	}
	i := strings.IndexByte(c, ':')
	if i <= 0 || strings.Contains(c, "://") {
		return c, 0, 0
	}
	rest := c[i+1:]
	if j := strings.IndexByte(rest, ':'); j >= 0 { // file:line:col
		rest = rest[:j]
	}
	from, to := parseRange(rest)
	if from == 0 {
		return c, 0, 0
	}
	return c[:i], from, to
}

func parseRange(s string) (int, int) {
	a, b, ranged := strings.Cut(s, "-")
	from, err := strconv.Atoi(a)
	if err != nil || from <= 0 {
		return 0, 0
	}
	if !ranged {
		return from, from
	}
	to, err := strconv.Atoi(b)
	if err != nil || to < from {
		return from, from
	}
	return from, to
}

// fileConfidence says how sure c is a file path, or 0.
func fileConfidence(c string) float64 {
	if len(c) < 3 || len(c) > 300 {
		return 0
	}
	for i := 0; i < len(c); i++ {
		b := c[i]
		if !(isASCIIWordByte(b) || b == '.' || b == '/' || b == '-' || b == '@' || b == '~' || b == '+') {
			return 0
		}
	}
	base := path.Base(c)
	if isUpperASCII(base[0]) && specialFiles[base] { // each opens with a capital
		return 0.85
	}
	hasExt := knownExt(base)
	slash := strings.Contains(c, "/")
	switch {
	case slash && hasExt:
		return 0.9
	case hasExt:
		return 0.75
	case !slash:
		return 0
	case strings.HasPrefix(c, "/") || strings.HasPrefix(c, "./") || strings.HasPrefix(c, "../") || strings.HasPrefix(c, "~/"):
		if strings.Count(c, "/") >= 2 || strings.HasPrefix(c, "./") || strings.HasPrefix(c, "~/") {
			return 0.7
		}
	case strings.HasSuffix(c, "/") && strings.Count(c, "/") >= 2:
		return 0.6
	}
	return 0
}

// knownExt reports whether name ends in an extension of fileExts with a
// name before it.
func knownExt(name string) bool {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return false
	}
	ext := name[i+1:]
	if !fileExts[strings.ToLower(ext)] {
		return false
	}
	// "e.g." and "v1.2" are not files: the name must hold a letter.
	for j := 0; j < i; j++ {
		if b := name[j]; 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' {
			return true
		}
	}
	return false
}

// symbolOf recognises code symbols: calls ("parseJSON()"), qualified names
// ("pkg.Func"), snake_case and camelCase identifiers, and anything in
// backticks that is one identifier.
func symbolOf(c string, ticked bool) (string, float64) {
	if i := strings.IndexByte(c, '('); i > 0 {
		name := c[:i]
		if isDottedIdent(name) && strings.HasSuffix(c, ")") {
			return name + "()", 0.9
		}
		return "", 0
	}
	if !isDottedIdent(c) {
		return "", 0
	}
	if strings.Contains(c, ".") {
		parts := strings.Split(c, ".")
		for _, p := range parts[1:] {
			if p[0] >= 'A' && p[0] <= 'Z' {
				return c, 0.8
			}
		}
		if ticked {
			return c, 0.8
		}
		return "", 0
	}
	if ticked {
		return c, 0.8
	}
	if strings.Contains(strings.Trim(c, "_"), "_") && hasLetter(c) {
		return c, 0.7
	}
	if isCamel(c) {
		return c, 0.65
	}
	return "", 0
}

// wordSymbolConfidence is symbolOf's confidence for c of ASCII letters,
// digits and '_' alone (asciiWordBytes), which is its own symbol when it is
// one: read in one pass, where symbolOf's steps read such a word (a third
// of the words of technical prose) four times and more.
func wordSymbolConfidence(c string, ticked bool) float64 {
	if '0' <= c[0] && c[0] <= '9' {
		return 0 // no identifier
	}
	if ticked {
		return 0.8
	}
	// snake: a '_' with a byte but '_' on both sides (strings.Trim(c, "_")
	// holds a '_'); camel: isCamel.
	letter, snake, camel := false, false, false
	nonUnderscore, underscoreAfter := false, false
	for i := 0; i < len(c); i++ {
		b := c[i]
		if b == '_' {
			underscoreAfter = nonUnderscore
			continue
		}
		if underscoreAfter {
			snake = true
		}
		nonUnderscore = true
		switch {
		case 'a' <= b && b <= 'z':
			letter = true
		case 'A' <= b && b <= 'Z':
			letter = true
			if i > 0 && 'a' <= c[i-1] && c[i-1] <= 'z' {
				camel = true
			}
		}
	}
	switch {
	case snake && letter:
		return 0.7
	case camel:
		return 0.65
	}
	return 0
}

// isDottedIdent reports whether s is identifiers (isIdent) joined by
// dots, read in one pass: it is asked of most words with a digit or sign.
func isDottedIdent(s string) bool {
	partStart := true // at the first byte of a part
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '.':
			if partStart { // an empty part
				return false
			}
			partStart = true
			continue
		case partStart && '0' <= b && b <= '9', !isASCIIWordByte(b):
			return false
		}
		partStart = false
	}
	return !partStart
}

func isIdent(s string) bool {
	if s == "" || ('0' <= s[0] && s[0] <= '9') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isASCIIWordByte(s[i]) {
			return false
		}
	}
	return true
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' {
			return true
		}
	}
	return false
}

// isCamel reports an upper-case letter right after a lower-case one, as in
// "parseJSON", "FooBar" or "getUserByID".
func isCamel(s string) bool {
	for i := 1; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' && 'a' <= s[i-1] && s[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// lineMention finds "line 12" or "lines 12-30" in text that names exactly
// one file, for a code context.
func lineMention(lower string, es *entitySet) location {
	var file string
	for _, e := range es.list {
		if e.Type == EntityFile && knownExt(path.Base(e.Text)) {
			if file != "" {
				return location{}
			}
			file = e.Text
		}
	}
	if file == "" {
		return location{}
	}
	// Both words open with "line": text before its first is not read
	// again for each.
	at := strings.Index(lower, "line")
	if at < 0 {
		return location{}
	}
	lower = lower[at:]
	for _, kw := range []string{"lines ", "line "} {
		i := strings.Index(lower, kw)
		if i < 0 {
			continue
		}
		rest := lower[i+len(kw):]
		end := 0
		for end < len(rest) && (rest[end] >= '0' && rest[end] <= '9' || rest[end] == '-') {
			end++
		}
		if from, to := parseRange(rest[:end]); from > 0 {
			return location{file: file, start: from, end: to}
		}
	}
	return location{}
}
