#!/usr/bin/env bash
# Regenerates everything generated from the wire contract (`make generate`):
#  - the Go code for sdk/proto, into sdk/internal/tsproto3. protoc comes from
#    Debian (protobuf-compiler); protoc-gen-go and protoc-gen-go-grpc are the
#    versions pinned as tools in go.mod;
#  - the contract's words (tasksurface.Reason, Phase, Code) for JavaScript and
#    TypeScript, by tools/contractgen: host-shim/src/wire/words.gen.js and
#    client-bundle/src/contract/words.gen.ts; and the browser RPC declared in
#    tools/contractgen/rpc.go: host-shim/src/wire/rpc.js and
#    client-bundle/src/contract/rpc.gen.ts; and the model's TypeScript types,
#    from plugin/model/schema.json: client-bundle/src/contract/model.gen.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
module=$(go list -m)
gen_go=$(go tool -n protoc-gen-go)
gen_grpc=$(go tool -n protoc-gen-go-grpc)
protoc -I sdk/proto \
  --plugin=protoc-gen-go="$gen_go" --plugin=protoc-gen-go-grpc="$gen_grpc" \
  --go_out=. --go_opt=module="$module" \
  --go-grpc_out=. --go-grpc_opt=module="$module" \
  sdk/proto/tasksurface/v3/tasksurface.proto
go run ./tools/contractgen
