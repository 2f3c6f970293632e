/* global window, document */
// A stand-in for Stripe.js v3 (https://js.stripe.com/v3/), served by the Stripe stand-in at
// GET /v3/ for browser tests. Only what Foyer's payment page calls, with Stripe.js's shapes:
//   const stripe = Stripe('pk_test_...');
//   const card = stripe.elements().create('card'); card.mount(el); card.on('change', fn);
//   stripe.createPaymentMethod({ type: 'card', card, billing_details }) -> { paymentMethod } | { error }
//   stripe.handleNextAction({ clientSecret }) -> { paymentIntent } | { error }
//   stripe.confirmAfterpayClearpayPayment(clientSecret, { payment_method: { billing_details },
//     shipping?, return_url }, { handleActions }?) -> the page goes to Afterpay | { error }
// As with Stripe, the card fields live in a frame from this origin: the card number is never in
// the merchant page's DOM; the frame sends it to POST /v1/payment_methods with the publishable key.
(function () {
  'use strict';
  var script = document.currentScript;
  var origin = new URL(script ? script.src : window.location.href).origin;
  var frames = 0;

  function onMessageFrom(frame, handler) {
    var listener = function (event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      if (!event.data || event.data.source !== 'stripe-stand-in') return;
      handler(event.data);
    };
    window.addEventListener('message', listener);
    return function () {
      window.removeEventListener('message', listener);
    };
  }

  function CardElement(key) {
    var handlers = {};
    var frame = null;
    var stop = null;
    var pending = {};
    var next = 0;
    var state = { empty: true, complete: false, error: undefined, brand: 'unknown' };
    var emit = function (name, payload) {
      (handlers[name] || []).forEach(function (h) {
        h(payload);
      });
    };
    var element = {
      _state: function () {
        return state;
      },
      _call: function (type, payload) {
        return new Promise(function (resolve) {
          if (!frame)
            return resolve({
              error: { type: 'invalid_request_error', message: 'The card Element is not mounted.' },
            });
          var id = ++next;
          pending[id] = resolve;
          frame.contentWindow.postMessage(
            { source: 'stripe-stand-in', type: type, id: id, payload: payload },
            origin,
          );
        });
      },
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('Stripe stand-in: the card Element has nowhere to mount.');
        frames += 1;
        frame = document.createElement('iframe');
        frame.name = '__privateStripeFrame' + frames;
        frame.title = 'Secure card payment input frame';
        frame.setAttribute('frameborder', '0');
        frame.setAttribute('allowtransparency', 'true');
        frame.setAttribute('scrolling', 'no');
        frame.style.cssText = 'border:none;width:100%;height:44px;display:block;overflow:hidden;';
        frame.src =
          origin +
          '/v3/elements-inner-card.html?' +
          new URLSearchParams({ key: key, parent: window.location.origin });
        stop = onMessageFrom(frame, function (message) {
          if (message.type === 'result' && pending[message.id]) {
            pending[message.id](message.payload);
            delete pending[message.id];
          } else if (message.type === 'change') {
            state = message.payload;
            emit('change', Object.assign({ elementType: 'card' }, message.payload));
          } else if (message.type === 'height') frame.style.height = message.payload + 'px';
          else emit(message.type, { elementType: 'card' });
        });
        host.appendChild(frame);
        host.classList.add('StripeElement');
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return element;
      },
      off: function (name, handler) {
        handlers[name] = (handlers[name] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      focus: function () {
        if (frame) frame.contentWindow.postMessage({ source: 'stripe-stand-in', type: 'focus' }, origin);
      },
      clear: function () {
        if (frame) frame.contentWindow.postMessage({ source: 'stripe-stand-in', type: 'clear' }, origin);
      },
      update: function () {},
      unmount: function () {
        if (stop) stop();
        if (frame && frame.parentNode) {
          frame.parentNode.classList.remove('StripeElement');
          frame.parentNode.removeChild(frame);
        }
        frame = null;
      },
      destroy: function () {
        element.unmount();
        handlers = {};
      },
    };
    return element;
  }

  function authenticate(url) {
    // As Stripe.js does for 3-D Secure: the bank's page in a frame over the merchant's page.
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('data-stripe-stand-in', '3ds');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center;';
      var frame = document.createElement('iframe');
      frame.title = '3D Secure authentication frame';
      frame.style.cssText =
        'width:420px;max-width:95vw;height:420px;border:none;background:#fff;border-radius:6px;';
      frame.src = url + (url.indexOf('?') < 0 ? '?' : '&') + 'embedded=1';
      var stop = onMessageFrom(frame, function (message) {
        if (message.type !== '3ds-complete') return;
        stop();
        overlay.parentNode.removeChild(overlay);
        resolve(message.payload);
      });
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
    });
  }

  // Stripe's API takes form bodies with bracketed keys: billing_details[address][line1]=...
  function formFields(value, prefix, out) {
    if (value === undefined || value === null) return out;
    if (typeof value === 'object')
      Object.keys(value).forEach(function (name) {
        formFields(value[name], prefix ? prefix + '[' + name + ']' : name, out);
      });
    else out.append(prefix, String(value));
    return out;
  }

  window.Stripe = function Stripe(key) {
    if (!/^pk_(test|live)_\w+$/.test(String(key)))
      throw new Error('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    var api = function (path, params) {
      return fetch(origin + path + '?' + new URLSearchParams(Object.assign({ key: key }, params)), {
        method: 'GET',
      }).then(function (response) {
        return response.json().then(function (body) {
          return response.ok ? body : { error: body.error };
        });
      });
    };
    var post = function (path, params) {
      return fetch(origin + path, {
        method: 'POST',
        body: formFields(Object.assign({ key: key }, params), '', new URLSearchParams()),
      }).then(function (response) {
        return response.json().then(function (body) {
          return response.ok ? body : { error: body.error };
        });
      });
    };
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('Stripe stand-in: only the card Element is here.');
            return CardElement(key);
          },
        };
      },
      createPaymentMethod: function (options) {
        if (!options || options.type !== 'card' || !options.card || !options.card._call)
          return Promise.resolve({
            error: {
              type: 'invalid_request_error',
              message: 'createPaymentMethod needs { type: "card", card }.',
            },
          });
        return options.card._call('createPaymentMethod', { billing_details: options.billing_details || {} });
      },
      // As Stripe.js: confirm the intent with an Afterpay payment method and, unless told not
      // to handle actions, send the buyer to Afterpay's page (next_action.redirect_to_url). The
      // promise resolves only with an error: on success the page is leaving.
      confirmAfterpayClearpayPayment: function (clientSecret, data, options) {
        var secret = String(clientSecret || '');
        var id = secret.split('_secret_')[0];
        var given = (data && data.payment_method) || {};
        var params = { client_secret: secret, return_url: data && data.return_url };
        if (typeof given === 'string') params.payment_method = given;
        else
          params.payment_method_data = {
            type: 'afterpay_clearpay',
            billing_details: given.billing_details,
          };
        if (data && data.shipping) params.shipping = data.shipping;
        return post('/v1/payment_intents/' + id + '/confirm', params).then(function (intent) {
          if (intent.error) return { error: intent.error };
          var next = intent.next_action;
          if ((options && options.handleActions === false) || !next || next.type !== 'redirect_to_url')
            return { paymentIntent: intent };
          window.location.assign(next.redirect_to_url.url);
          return new Promise(function () {});
        });
      },
      handleNextAction: function (options) {
        var secret = String((options && options.clientSecret) || '');
        var id = secret.split('_secret_')[0];
        return api('/v1/payment_intents/' + id, { client_secret: secret }).then(function (intent) {
          if (intent.error) return { error: intent.error };
          if (intent.status !== 'requires_action' || !intent.next_action)
            return {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'The PaymentIntent is not awaiting an action (status ' + intent.status + ').',
              },
            };
          var next = intent.next_action;
          var url =
            next.type === 'redirect_to_url' ? next.redirect_to_url.url : next.use_stripe_sdk.stripe_js;
          return authenticate(url).then(function () {
            return api('/v1/payment_intents/' + id, { client_secret: secret }).then(function (after) {
              if (after.error) return { error: after.error };
              if (after.last_payment_error && after.status === 'requires_payment_method')
                return { error: Object.assign({ payment_intent: after }, after.last_payment_error) };
              return { paymentIntent: after };
            });
          });
        });
      },
    };
  };
})();
