# Baton: one static binary on a distroless base.
#   docker build --build-arg VERSION="$(git describe --always --dirty)" -t baton .
#   docker run -p 8080:8080 -v baton-data:/var/lib/baton -e BATON_DEMO=1 baton

FROM golang:1.26-bookworm AS build
WORKDIR /src
ENV CGO_ENABLED=0
# Modules first, so editing the source does not download them again.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/baton ./cmd/baton \
 && mkdir -p /out/var/lib/baton

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/baton /baton
# The data folder belongs to nonroot (65532), so a new named volume does too.
COPY --from=build --chown=65532:65532 /out/var/lib/baton /var/lib/baton
# Relative paths (./data/…) land in the volume as well.
WORKDIR /var/lib/baton
VOLUME /var/lib/baton
ENV BATON_DATABASE_URL=sqlite:/var/lib/baton/baton.db \
    BATON_ADDR=:8080
EXPOSE 8080
USER nonroot
# The image has no shell or wget: the binary asks its own /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/baton", "healthcheck"]
ENTRYPOINT ["/baton"]
CMD ["serve"]
