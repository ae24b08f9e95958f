// A front end on another origin that uses the store's API the way a partner site or an app
// would: bearer token in sessionStorage, absolute image URLs, its own return page.
/* global API */
const $ = (id) => document.getElementById(id);
const token = () => sessionStorage.getItem('token');

async function call(path, init = {}) {
  const headers = { ...(init.headers || {}) };
  if (token()) headers.Authorization = `Bearer ${token()}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${API}${path}`, {
    method: init.method || 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${body.message}`);
  return body;
}

function report(error) {
  $('status').textContent = `Error: ${error.message}`;
}

async function showCatalog() {
  // This front end knows no sizes: it buys a bicycle that has at most one, on whichever page of
  // the catalog the first such bicycle is.
  let bicycle;
  for (let page = 1; !bicycle; page += 1) {
    const { data } = await call(`/products?stock=inStock&limit=24&page=${page}`);
    bicycle = data.find((p) => p.imageUrl && p.sizes.length <= 1);
    if (!bicycle && data.length < 24) throw new Error('No bicycle with one size in stock');
  }
  $('bicycle-image').src = bicycle.imageUrl;
  $('bicycle-image').alt = bicycle.name;
  $('bicycle-name').textContent = bicycle.name;
  $('catalog').hidden = false;
  $('buy').onclick = () =>
    call('/orders/order/create', {
      method: 'POST',
      json: { product: bicycle._id, quantity: 1, returnUrl: `${location.origin}/return.html` },
    })
      .then(({ data: url }) => location.assign(url))
      .catch(report);
}

async function showOrder(orderId) {
  const [verification] = (await call(`/orders/order/verify?order_id=${orderId}`)).data;
  $('payment').textContent = `Payment: ${verification.bank_status}`;
  const order = (await call('/orders?limit=100')).data.find((o) => o._id === orderId);
  $('order').textContent = `Order: ${order.status} / ${order.paymentStatus}`;
  $('cancel').onclick = () =>
    call(`/orders/${orderId}/cancel`, { method: 'PATCH' })
      .then(({ data }) => {
        $('order').textContent = `Order: ${data.status} / ${data.paymentStatus}`;
      })
      .catch(report);
  $('profile').onsubmit = (event) => {
    event.preventDefault();
    const form = new FormData();
    form.set('name', new FormData($('profile')).get('name'));
    // What the spec's client sends when the user has no avatar: FormData makes it the text "null".
    form.set('avatar', null);
    call('/users/update', { method: 'PATCH', body: form })
      .then(({ data }) => {
        $('status').textContent = `Saved: ${data.name}`;
      })
      .catch(report);
  };
}

const orderId = new URLSearchParams(location.search).get('order_id');
if (orderId) {
  showOrder(orderId).catch(report);
} else {
  $('sign-in').onsubmit = (event) => {
    event.preventDefault();
    const fields = new FormData($('sign-in'));
    call('/auth/login', {
      method: 'POST',
      json: { email: fields.get('email'), password: fields.get('password') },
    })
      .then(({ data }) => {
        sessionStorage.setItem('token', data.accessToken);
        $('status').textContent = `Signed in as ${data.user.name}`;
        return showCatalog();
      })
      .catch(report);
  };
}
