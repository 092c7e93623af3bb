package walletapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"wallet-api.invalid/walletapi"
)

// go doc reads as a guide: every method of Client has an example that runs (one with an
// Output comment, which go test checks).
func TestEveryClientMethodHasARunnableExample(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "example_test.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	runnable := map[string]bool{}
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(fn.Name.Name, "ExampleClient_") {
			continue
		}
		for _, group := range file.Comments {
			if group.Pos() > fn.Body.Lbrace && group.End() < fn.Body.Rbrace && strings.HasPrefix(strings.TrimSpace(group.Text()), "Output:") {
				method, _, _ := strings.Cut(strings.TrimPrefix(fn.Name.Name, "ExampleClient_"), "_")
				runnable[method] = true
			}
		}
	}
	client := reflect.TypeOf(&walletapi.Client{})
	for i := range client.NumMethod() {
		if name := client.Method(i).Name; !runnable[name] {
			t.Errorf("Client.%s has no runnable example (ExampleClient_%s with an Output comment)", name, name)
		}
	}
}
