package walletapi;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import walletapi.models.Transaction;
import walletapi.models.TransactionPage;

/**
 * The transaction history page by page ({@link WalletApiClient#autoPager}), each page read when
 * the iteration reaches it. The end is read from the answer: the walk stops after the page whose
 * {@code page} reaches {@code pages}, or at an empty page. A failed page throws its {@link
 * WalletApiException} from the iterator; so does a page whose {@code page} is not the one asked
 * for (an {@link InvalidResponseException}: a server ignoring {@code page} would hand back the
 * same records forever). A record created during the walk pushes older ones down a place, so a
 * record may come twice: skip repeats by id. Each iteration starts a new walk.
 */
public final class TransactionPager implements Iterable<Transaction> {
  private final WalletApiClient client;
  private final ListTransactionsParams params;
  private final RequestOptions options;

  TransactionPager(WalletApiClient client, ListTransactionsParams params, RequestOptions options) {
    this.client = client;
    this.params = params;
    this.options = options;
  }

  /** The pages, the first read when the iteration starts. */
  public Iterable<TransactionPage> pages() {
    return PageIterator::new;
  }

  /** The pages as a sequential stream. */
  public Stream<TransactionPage> pageStream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(new PageIterator(), Spliterator.ORDERED | Spliterator.NONNULL), false);
  }

  /** The records, page after page. */
  @Override
  public Iterator<Transaction> iterator() {
    return new Iterator<>() {
      private final PageIterator pages = new PageIterator();
      private Iterator<Transaction> current = List.<Transaction>of().iterator();

      @Override
      public boolean hasNext() {
        while (!current.hasNext()) {
          if (!pages.hasNext()) {
            return false;
          }
          List<Transaction> data = pages.next().data();
          current = data == null ? List.<Transaction>of().iterator() : data.iterator();
        }
        return true;
      }

      @Override
      public Transaction next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return current.next();
      }
    };
  }

  /** The records as a sequential stream. */
  public Stream<Transaction> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL), false);
  }

  @Override
  public String toString() {
    return "TransactionPager[" + params + "]";
  }

  private final class PageIterator implements Iterator<TransactionPage> {
    private int page;
    private TransactionPage fetched;
    private boolean done;

    PageIterator() {
      Integer first = params.page();
      page = first == null ? 1 : first;
      if (page < 1) {
        throw new ConfigurationException("autoPager: params.page must be at least 1");
      }
    }

    @Override
    public boolean hasNext() {
      if (fetched != null) {
        return true;
      }
      if (done) {
        return false;
      }
      TransactionPage got = client.listTransactions(params.toBuilder().page(page).build(), options);
      if (got == null || got.page() == null || got.page() != page) {
        done = true;
        throw new InvalidResponseException("GET /api/v1/transactions answered page " + (got == null ? "null" : got.page()) + " when page " + page + " was asked for", "GET /api/v1/transactions", 200, null, null);
      }
      List<Transaction> data = got.data();
      if (data == null || data.isEmpty() || got.pages() == null || got.page() >= got.pages()) {
        done = true;
      }
      page++;
      fetched = got;
      return true;
    }

    @Override
    public TransactionPage next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      TransactionPage out = fetched;
      fetched = null;
      return out;
    }
  }
}
