package natsq

// UnsubscribeResults stops the gateway's live result subscription, as results lost while its
// connection was down are lost to it.
func (g *Gateway) UnsubscribeResults() error { return g.sub.Unsubscribe() }
