package oapi

import "fmt"

// Format prints the request with ReceiverAddress as [redacted] under every fmt verb (%v, %+v,
// %#v…), so logging a request does not log the address; JSON encoding, which sends it, is
// unchanged. The other protected values of request bodies (Password, AccountNumber, BankCode)
// are pointers, which fmt prints as addresses. Written by hand beside the generated code:
// oapi-codegen writes no Format methods.
func (r PreviewWithdrawalRequest) Format(f fmt.State, verb rune) {
	type plain PreviewWithdrawalRequest
	shown := plain(r)
	shown.ReceiverAddress = "[redacted]"
	fmt.Fprintf(f, fmt.FormatString(f, verb), shown)
}
