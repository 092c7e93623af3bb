package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// received is one request as it arrived at the replay server.
type received struct {
	method    string
	target    string // the request target exactly as received
	header    http.Header
	body      []byte
	arrivedAt time.Time // when its headers had arrived
}

// replayServer answers each request of an exchange case with the case's bytes, written
// straight to the TCP connection (status line, headers, framing, faults), so the client's
// real transport reads them. It records what arrived.
type replayServer struct {
	url      string
	listener net.Listener
	answers  []answer

	mu         sync.Mutex
	requests   []received
	answeredAt map[int]time.Time
	conns      map[net.Conn]bool
	wg         sync.WaitGroup
	done       chan struct{} // closed by close: a delayed answer stops waiting
}

func startReplayServer(answers []answer) (*replayServer, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &replayServer{url: "http://" + l.Addr().String(), listener: l, answers: answers, answeredAt: map[int]time.Time{}, conns: map[net.Conn]bool{}, done: make(chan struct{})}
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

func (s *replayServer) accept() {
	defer s.wg.Done()
	for {
		conn, err := s.listener.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.conns[conn] = true
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serve(conn)
			s.mu.Lock()
			delete(s.conns, conn)
			s.mu.Unlock()
		}()
	}
}

func (s *replayServer) serve(conn net.Conn) {
	defer conn.Close()
	reader := bufio.NewReader(conn)
	req, err := http.ReadRequest(reader)
	if err != nil {
		return
	}
	arrived := time.Now()
	body, _ := io.ReadAll(req.Body)
	s.mu.Lock()
	index := len(s.requests)
	s.requests = append(s.requests, received{method: req.Method, target: req.RequestURI, header: req.Header, body: body, arrivedAt: arrived})
	s.mu.Unlock()
	a := s.answers[min(index, len(s.answers)-1)]
	if s.write(conn, a, req.Header, body) {
		s.mu.Lock()
		s.answeredAt[index] = time.Now()
		s.mu.Unlock()
	}
}

// write writes one answer; true once it ended as the case says (written whole, or reset).
func (s *replayServer) write(conn net.Conn, a answer, header http.Header, requestBody []byte) bool {
	if a.DelayMs > 0 {
		select {
		case <-time.After(time.Duration(a.DelayMs) * time.Millisecond):
		case <-s.done:
			return false
		}
	}
	if a.Fault == "reset-before-headers" {
		reset(conn)
		return true
	}
	body, err := bodyBytes(a.Body)
	if err != nil {
		return false
	}
	echo := func(text string) string { return text }
	if a.Echo {
		echo = func(text string) string { return echoed(text, header, requestBody) }
		if a.Body == nil || a.Body.Base64 == nil {
			body = []byte(echo(string(body)))
		}
	}
	var head bytes.Buffer
	reason := a.Reason
	if reason == "" {
		reason = http.StatusText(a.Status)
		if reason == "" {
			reason = "Unknown"
		}
	}
	fmt.Fprintf(&head, "HTTP/1.1 %d %s\r\n", a.Status, reason)
	for _, pair := range a.Headers {
		fmt.Fprintf(&head, "%s: %s\r\n", echo(pair[0]), echo(pair[1]))
	}
	if a.RetryAfterInSeconds != nil {
		at := time.Now().Add(time.Duration(*a.RetryAfterInSeconds * float64(time.Second)))
		fmt.Fprintf(&head, "retry-after: %s\r\n", at.UTC().Format(http.TimeFormat))
	}
	framing := a.Framing
	if framing == "" || a.Fault == "reset-after-headers" {
		framing = "content-length"
	}
	switch {
	case a.Fault == "reset-after-headers":
		fmt.Fprintf(&head, "content-length: %d\r\n", len(body)+64)
	case framing == "content-length":
		fmt.Fprintf(&head, "content-length: %d\r\n", len(body))
	case framing == "chunked":
		head.WriteString("transfer-encoding: chunked\r\n")
	}
	head.WriteString("connection: close\r\n\r\n")
	if _, err := conn.Write(head.Bytes()); err != nil {
		return false
	}
	if a.Fault == "reset-after-headers" {
		_, _ = conn.Write(body[:len(body)/2])
		time.Sleep(20 * time.Millisecond)
		reset(conn)
		return true
	}
	if framing == "chunked" {
		for offset := 0; offset < len(body); offset += 16 * 1024 {
			chunk := body[offset:min(offset+16*1024, len(body))]
			if _, err := fmt.Fprintf(conn, "%x\r\n%s\r\n", len(chunk), chunk); err != nil {
				return false
			}
		}
		_, _ = conn.Write([]byte("0\r\n\r\n"))
	} else if len(body) > 0 {
		if _, err := conn.Write(body); err != nil {
			return false
		}
	}
	return true
}

// reset closes the connection with a TCP RST instead of a FIN.
func reset(conn net.Conn) {
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}

var echoPattern = regexp.MustCompile(`\{\{(header|field):([^}]+)\}\}`)

// echoed replaces {{header:NAME}} and {{field:NAME}} by what the request carried.
func echoed(text string, header http.Header, body []byte) string {
	var fields map[string]any
	decoder := json.NewDecoder(bytes.NewReader(body))
	decoder.UseNumber()
	_ = decoder.Decode(&fields)
	return echoPattern.ReplaceAllStringFunc(text, func(match string) string {
		parts := echoPattern.FindStringSubmatch(match)
		if parts[1] == "header" {
			return header.Get(parts[2])
		}
		switch v := fields[parts[2]].(type) {
		case nil:
			return ""
		case string:
			return v
		case json.Number:
			return v.String()
		case bool:
			return strconv.FormatBool(v)
		default:
			text, _ := json.Marshal(v)
			return string(text)
		}
	})
}

func bodyBytes(b *body) ([]byte, error) {
	switch {
	case b == nil:
		return nil, nil
	case b.JSON != nil:
		// Compact, as JSON.stringify writes it.
		var out bytes.Buffer
		if err := json.Compact(&out, b.JSON); err != nil {
			return nil, err
		}
		return out.Bytes(), nil
	case b.UTF8 != nil:
		return []byte(*b.UTF8), nil
	case b.Base64 != nil:
		return base64.StdEncoding.DecodeString(*b.Base64)
	}
	return nil, nil
}

// snapshot returns what arrived and when each answer ended.
func (s *replayServer) snapshot() ([]received, map[int]time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	answered := make(map[int]time.Time, len(s.answeredAt))
	for k, v := range s.answeredAt {
		answered[k] = v
	}
	return append([]received(nil), s.requests...), answered
}

func (s *replayServer) close() {
	close(s.done)
	_ = s.listener.Close()
	s.mu.Lock()
	for conn := range s.conns {
		_ = conn.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}
