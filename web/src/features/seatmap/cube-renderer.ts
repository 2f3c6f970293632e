import { normalize, type Vec3 } from '../../../../core/catalogue/seat-view.ts';

// Draws a cube map as seen from its centre: one full-screen triangle whose fragment shader turns
// each pixel into a direction and samples the cube there (plain WebGL 1, no library).

const VERTEX = `
attribute vec2 a_position;
varying vec2 v_ndc;
void main() {
  v_ndc = a_position;
  gl_Position = vec4(a_position, 0.0, 1.0);
}`;

const FRAGMENT = `
precision mediump float;
uniform samplerCube u_cube;
uniform vec3 u_forward;
uniform vec3 u_right;
uniform vec3 u_up;
uniform vec2 u_scale;
varying vec2 v_ndc;
void main() {
  vec3 d = normalize(u_forward + u_right * (v_ndc.x * u_scale.x) + u_up * (v_ndc.y * u_scale.y));
  gl_FragColor = textureCube(u_cube, d);
}`;

export interface CubeRenderer {
  /** Faces in the order px, nx, py, ny, pz, nz. */
  setFaces(faces: readonly TexImageSource[]): void;
  /** Looks along `forward` (world Y up) with a vertical field of view in degrees. */
  draw(forward: Vec3, fovDegrees: number): void;
  resize(): void;
  dispose(): void;
}

const compile = (gl: WebGLRenderingContext, type: number, source: string) => {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  return gl.getShaderParameter(shader, gl.COMPILE_STATUS) ? shader : null;
};

const cross = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});

/** Null when the browser offers no WebGL. */
export const createCubeRenderer = (canvas: HTMLCanvasElement): CubeRenderer | null => {
  const gl = canvas.getContext('webgl', { antialias: false, preserveDrawingBuffer: true });
  if (!gl) return null;
  const vertex = compile(gl, gl.VERTEX_SHADER, VERTEX);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT);
  const program = gl.createProgram();
  if (!vertex || !fragment || !program) return null;
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  gl.useProgram(program);

  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  // One triangle covering the whole viewport.
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'a_position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);

  const uniform = (name: string) => gl.getUniformLocation(program, name);
  const forwardAt = uniform('u_forward');
  const rightAt = uniform('u_right');
  const upAt = uniform('u_up');
  const scaleAt = uniform('u_scale');
  gl.uniform1i(uniform('u_cube'), 0);

  const texture = gl.createTexture();
  let ready = false;

  const resize = () => {
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    gl.viewport(0, 0, canvas.width, canvas.height);
  };
  resize();

  return {
    setFaces: (faces) => {
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_CUBE_MAP, texture);
      // Row 0 of an image is its top: the cube-map convention the server draws faces in.
      gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
      faces.forEach((face, i) =>
        gl.texImage2D(gl.TEXTURE_CUBE_MAP_POSITIVE_X + i, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, face),
      );
      gl.texParameteri(gl.TEXTURE_CUBE_MAP, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
      gl.texParameteri(gl.TEXTURE_CUBE_MAP, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_CUBE_MAP, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_CUBE_MAP, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      gl.generateMipmap(gl.TEXTURE_CUBE_MAP);
      ready = true;
    },
    draw: (forwardIn, fovDegrees) => {
      if (!ready || gl.isContextLost()) return;
      const forward = normalize(forwardIn);
      const right = normalize(
        Math.abs(forward.y) > 0.999 ? { x: 1, y: 0, z: 0 } : cross(forward, { x: 0, y: 1, z: 0 }),
      );
      const up = cross(right, forward);
      const tanHalf = Math.tan((fovDegrees * Math.PI) / 360);
      const aspect = canvas.width / Math.max(1, canvas.height);
      gl.uniform3f(forwardAt, forward.x, forward.y, forward.z);
      gl.uniform3f(rightAt, right.x, right.y, right.z);
      gl.uniform3f(upAt, up.x, up.y, up.z);
      gl.uniform2f(scaleAt, tanHalf * aspect, tanHalf);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    },
    resize,
    dispose: () => {
      gl.deleteTexture(texture);
      gl.deleteBuffer(buffer);
      gl.deleteProgram(program);
      gl.deleteShader(vertex);
      gl.deleteShader(fragment);
    },
  };
};
