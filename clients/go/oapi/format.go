package oapi

import "fmt"

// The request bodies whose protected values are strings print them as [redacted] under every
// fmt verb (%v, %+v, %#v…), so logging a request does not log them; JSON encoding, which
// sends them, is unchanged. The other protected values (AccountNumber, BankCode) are
// pointers, which fmt prints as addresses. Written by hand beside the generated code:
// oapi-codegen writes no Format methods.

// Format prints the request with ReceiverAddress as [redacted].
func (r PreviewWithdrawalRequest) Format(f fmt.State, verb rune) {
	type plain PreviewWithdrawalRequest
	shown := plain(r)
	shown.ReceiverAddress = "[redacted]"
	fmt.Fprintf(f, fmt.FormatString(f, verb), shown)
}

// Format prints the request with Password as [redacted].
func (r CreateSwapRequest) Format(f fmt.State, verb rune) {
	type plain CreateSwapRequest
	shown := plain(r)
	shown.Password = "[redacted]"
	fmt.Fprintf(f, fmt.FormatString(f, verb), shown)
}
