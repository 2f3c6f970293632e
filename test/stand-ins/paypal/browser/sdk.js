/* global window, document */
// A stand-in for the PayPal JS SDK (https://www.paypal.com/sdk/js?client-id=...&currency=...&intent=capture),
// served by the PayPal stand-in at GET /sdk/js for browser tests. Only the Buttons component,
// with the SDK's shapes:
//   paypal.Buttons({ onClick(data, actions), createOrder(data, actions), onApprove(data, actions),
//                    onCancel(data), onError(err) }).render(container) -> Promise
// Pressing the button asks onClick (actions.reject() stops), then createOrder for the order id;
// the buyer "approves" it at the stand-in (POST /_test/approve/{id}, as a sandbox buyer would in
// PayPal's window), then onApprove({ orderID, payerID }) runs. A second press makes a new order.
(function () {
  'use strict';
  var script = document.currentScript;
  var src = new URL(script.src);
  var origin = src.origin;
  var clientId = src.searchParams.get('client-id');
  if (!clientId) throw new Error('PayPal SDK: client-id is required (?client-id=...).');
  var currency = src.searchParams.get('currency') || 'USD';
  var intent = (src.searchParams.get('intent') || 'capture').toLowerCase();

  var Buttons = function (options) {
    options = options || {};
    var busy = false;
    var fail = function (error) {
      if (options.onError) options.onError(error instanceof Error ? error : new Error(String(error)));
      else
        window.setTimeout(function () {
          throw error;
        });
    };
    var press = function (button) {
      if (busy) return;
      busy = true;
      button.setAttribute('aria-busy', 'true');
      var data = { fundingSource: 'paypal' };
      var actions = {
        resolve: function () {
          return Promise.resolve(true);
        },
        reject: function () {
          return Promise.resolve(false);
        },
      };
      Promise.resolve(options.onClick ? options.onClick(data, actions) : true)
        .then(function (go) {
          if (go === false) return null;
          if (!options.createOrder)
            throw new Error('PayPal SDK: createOrder is required for intent=' + intent + '.');
          return Promise.resolve(options.createOrder(data, {})).then(function (orderID) {
            if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
            return fetch(
              origin +
                '/_test/approve/' +
                encodeURIComponent(orderID) +
                '?client-id=' +
                encodeURIComponent(clientId),
              {
                method: 'POST',
              },
            )
              .then(function (response) {
                if (!response.ok)
                  throw new Error(
                    'The buyer could not approve order ' + orderID + ' (' + response.status + ').',
                  );
                return response.json();
              })
              .then(function (approved) {
                if (!options.onApprove) return null;
                return options.onApprove(
                  {
                    orderID: orderID,
                    payerID: approved.payerID,
                    paymentID: null,
                    facilitatorAccessToken: 'A21AA-stand-in',
                  },
                  {},
                );
              });
          });
        })
        .catch(fail)
        .then(function () {
          busy = false;
          button.removeAttribute('aria-busy');
        });
    };
    return {
      isEligible: function () {
        return true;
      },
      render: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host)
          return Promise.reject(
            new Error('PayPal SDK: the container to render the buttons into was not found.'),
          );
        var wrapper = document.createElement('div');
        wrapper.className = 'paypal-buttons paypal-buttons-context-iframe';
        wrapper.setAttribute('data-currency', currency);
        var button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('aria-label', 'PayPal');
        button.style.cssText =
          'display:block;width:100%;min-height:45px;border:0;border-radius:4px;background:#ffc439;color:#003087;font:italic 700 20px/1 Verdana,sans-serif;cursor:pointer;';
        button.textContent = 'PayPal';
        button.addEventListener('click', function () {
          press(button);
        });
        wrapper.appendChild(button);
        host.appendChild(wrapper);
        return Promise.resolve();
      },
      close: function () {
        return Promise.resolve();
      },
    };
  };

  window.paypal = { Buttons: Buttons, version: 'stand-in' };
})();
