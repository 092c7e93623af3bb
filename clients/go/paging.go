package walletapi

import (
	"context"
	"fmt"
	"iter"
)

// TransactionPages walks the transaction history page by page, from params.Page (default
// 1), each page read when the loop reaches it with opts applied. The end is read from the
// answer: the walk stops after the page whose page reaches pages, or at an empty page. A
// failed page is yielded as (nil, err) and ends the walk; so is a page whose page is not
// the one asked for (an *Error of kind invalid-response: a server ignoring page would hand
// back the same records forever). Breaking out of the loop sends nothing more.
func (c *Client) TransactionPages(ctx context.Context, params ListTransactionsParams, opts ...CallOption) iter.Seq2[*TransactionPage, error] {
	return func(yield func(*TransactionPage, error) bool) {
		page := 1
		if params.Page != nil {
			page = *params.Page
		}
		if page < 1 {
			yield(nil, configurationError("TransactionPages: params.Page must be at least 1"))
			return
		}
		for {
			asked := params
			asked.Page = &page
			got, err := c.ListTransactions(ctx, asked, opts...)
			if err != nil {
				yield(nil, err)
				return
			}
			if got.Page != page {
				yield(nil, newError(KindInvalidResponse, "GET /api/v1/transactions", 200,
					fmt.Sprintf("GET /api/v1/transactions answered page %d when page %d was asked for", got.Page, page), nil))
				return
			}
			if !yield(got, nil) || len(got.Data) == 0 || got.Page >= got.Pages {
				return
			}
			page++
		}
	}
}

// AllTransactions walks the transaction history record by record, page after page, as
// TransactionPages does. A record created during the walk pushes older ones down a place,
// so a record may come twice: skip repeats by ID.
func (c *Client) AllTransactions(ctx context.Context, params ListTransactionsParams, opts ...CallOption) iter.Seq2[Transaction, error] {
	return func(yield func(Transaction, error) bool) {
		for page, err := range c.TransactionPages(ctx, params, opts...) {
			if err != nil {
				yield(Transaction{}, err)
				return
			}
			for _, t := range page.Data {
				if !yield(t, nil) {
					return
				}
			}
		}
	}
}
